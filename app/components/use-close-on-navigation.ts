import { useLocation } from "@remix-run/react";
import { useEffect, useRef, type RefObject } from "react";

/**
 * Closes a <details> after a client-side navigation. Not on mount: a visitor who opened a menu
 * before hydration finished keeps it open.
 */
export function useCloseOnNavigation(ref: RefObject<HTMLDetailsElement>) {
  const { key } = useLocation();
  const previous = useRef(key);
  useEffect(() => {
    if (previous.current === key) return;
    previous.current = key;
    if (ref.current) ref.current.open = false;
  }, [key, ref]);
}
