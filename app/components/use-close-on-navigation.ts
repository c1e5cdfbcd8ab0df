import { useLocation } from "@remix-run/react";
import { useEffect, useRef } from "react";

/**
 * Closes <details> after a client-side navigation: those `toClose` gives at that moment. Not on
 * mount: a visitor who opened a menu before hydration finished keeps it open.
 */
export function useCloseOnNavigation(toClose: () => HTMLDetailsElement[]) {
  const { key } = useLocation();
  const previous = useRef(key);
  useEffect(() => {
    if (previous.current === key) return;
    previous.current = key;
    for (const details of toClose()) details.open = false;
  }, [key, toClose]);
}
