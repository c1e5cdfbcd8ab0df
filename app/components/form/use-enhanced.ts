import { startTransition, useEffect, useState } from "react";

/** Once one page has hydrated, fields mounted later (a client-side navigation) start enhanced. */
let hydrated = false;

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
    hydrated = true;
    startTransition(() => setEnhanced(true));
  }, [enhanced]);
  return enhanced;
}
