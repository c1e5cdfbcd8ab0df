import { useEffect, type ReactNode, type RefObject } from "react";
import { useCloseOnNavigation } from "~/components/use-close-on-navigation";

/**
 * A <details> dropdown: it opens as plain HTML without JavaScript. With JavaScript, the element
 * that holds it closes it (`useDropdowns`): one set of listeners for all the dropdowns of a menu,
 * not one per dropdown.
 */
export function Dropdown({ summary, className, children }: { summary: ReactNode; className?: string; children: ReactNode }) {
  return (
    <details className={`dropdown ${className ?? ""}`}>
      <summary>{summary}</summary>
      <div className="dropdown-panel">{children}</div>
    </details>
  );
}

const openIn = (ref: RefObject<HTMLElement>) => [...(ref.current?.querySelectorAll<HTMLDetailsElement>("details.dropdown[open]") ?? [])];

/**
 * The dropdowns inside `ref`'s element close on navigation, on a click outside them and on Escape
 * (which hands the focus back to the summary).
 */
export function useDropdowns(ref: RefObject<HTMLElement>) {
  useCloseOnNavigation(() => openIn(ref));

  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      for (const details of openIn(ref)) if (!details.contains(event.target as Node)) details.open = false;
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      for (const details of openIn(ref)) {
        details.open = false;
        details.querySelector("summary")?.focus();
      }
    };
    document.addEventListener("click", onClick);
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("click", onClick);
      document.removeEventListener("keydown", onKey);
    };
  }, [ref]);
}
