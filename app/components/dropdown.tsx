import { useEffect, useRef, type ReactNode } from "react";
import { useCloseOnNavigation } from "~/components/use-close-on-navigation";

/**
 * A <details> dropdown: it opens as plain HTML without JavaScript. With JavaScript it also
 * closes on navigation, on a click elsewhere and on Escape.
 */
export function Dropdown({
  summary,
  className,
  children,
}: {
  summary: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDetailsElement>(null);

  useCloseOnNavigation(ref);

  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      const details = ref.current;
      if (details?.open && !details.contains(event.target as Node)) details.open = false;
    };
    const onKey = (event: KeyboardEvent) => {
      const details = ref.current;
      if (event.key !== "Escape" || !details?.open) return;
      details.open = false;
      details.querySelector("summary")?.focus();
    };
    document.addEventListener("click", onClick);
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("click", onClick);
      document.removeEventListener("keydown", onKey);
    };
  }, []);

  return (
    <details ref={ref} className={`dropdown ${className ?? ""}`}>
      <summary>{summary}</summary>
      <div className="dropdown-panel">{children}</div>
    </details>
  );
}
