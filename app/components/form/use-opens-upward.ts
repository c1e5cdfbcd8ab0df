import { useEffect, useLayoutEffect, useState, type RefObject } from "react";

// Measured before the browser paints, so an open list never shows below first and then jumps.
// (The combobox renders only once the page is interactive, but a layout effect warns on the server.)
const useBeforePaint = typeof document === "undefined" ? useEffect : useLayoutEffect;

/**
 * Whether an open pick list should unfold above its field: when the room below is less than it
 * needs and there is more room above, as at the bottom of a phone's screen. The visual viewport
 * leaves out a phone's on-screen keyboard; it is measured again as the keyboard comes and goes and
 * as the page scrolls.
 */
export function useOpensUpward(open: boolean, field: RefObject<HTMLElement>, needed: number): boolean {
  const [upward, setUpward] = useState(false);
  useBeforePaint(() => {
    if (!open) return;
    const viewport = window.visualViewport;
    const decide = () => {
      const rect = field.current?.getBoundingClientRect();
      if (!rect) return;
      const top = viewport?.offsetTop ?? 0;
      const bottom = viewport ? viewport.offsetTop + viewport.height : window.innerHeight;
      const below = bottom - rect.bottom;
      setUpward(below < needed && rect.top - top > below);
    };
    decide();
    viewport?.addEventListener("resize", decide);
    viewport?.addEventListener("scroll", decide);
    // The page scrolled under the open list (a phone scrolls a focused field into view itself).
    window.addEventListener("scroll", decide, { passive: true });
    return () => {
      viewport?.removeEventListener("resize", decide);
      viewport?.removeEventListener("scroll", decide);
      window.removeEventListener("scroll", decide);
    };
  }, [open, field, needed]);
  return upward;
}
