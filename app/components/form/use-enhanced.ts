import { startTransition, useEffect, useLayoutEffect, useState, type RefObject } from "react";

/** Once one page has hydrated, fields mounted later (a client-side navigation) start enhanced. */
let hydrated = false;

/** A select that lost the focus in the script running now, and had it until then. */
let blurredNow: Element | null = null;

/**
 * Notes a select losing the focus, for as long as the script that made it lose it runs: a select
 * removed while focused (by the swap below) blurs inside React's commit, and the combobox that
 * replaces it mounts in that same commit. A blur the visitor makes (a tap elsewhere) is forgotten
 * at the next microtask, before anything mounts.
 */
function noteBlur(event: FocusEvent) {
  if (!(event.target instanceof HTMLSelectElement)) return;
  blurredNow = event.target;
  queueMicrotask(() => (blurredNow = null));
}

/**
 * Whether native selects may give way to comboboxes: false in the server's HTML and while
 * hydrating (the two must match), true right after. The swap renders in a transition, so it
 * yields to the browser instead of adding a long task to the hydration's last one (remix-utils'
 * useHydrated re-renders synchronously); on this form that task also carries conform's
 * re-reading of the form, which the swap's new inputs start.
 */
export function useEnhanced(): boolean {
  const [enhanced, setEnhanced] = useState(hydrated);
  useEffect(() => {
    if (enhanced) return;
    if (!hydrated) document.addEventListener("focusout", noteBlur, true);
    hydrated = true;
    startTransition(() => setEnhanced(true));
  }, [enhanced]);
  return enhanced;
}

/**
 * In a combobox: takes the focus the select it replaces had. A visitor who was in the field as the
 * page became interactive (a slow phone) stays in it, instead of finding the focus gone.
 */
export function useTakesFocusFromSelect(id: string, input: RefObject<HTMLInputElement>) {
  useLayoutEffect(() => {
    const select = blurredNow;
    if (!select || select.id !== id || select.isConnected) return;
    const active = document.activeElement;
    if (!active || active === document.body) input.current?.focus();
    // On mount only: the select gives way once.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}
