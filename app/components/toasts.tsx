import { useCallback, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";

/** The specification's toast defaults: 5 s on screen, and 1 s more once the pointer or focus leaves it. */
const TIMEOUT_MS = 5000;
const EXTENDED_TIMEOUT_MS = 1000;

type ToastItem = { key: string; id: string; values?: Record<string, string> };

/** The same message again (a second save) replaces the one on screen instead of stacking under it. */
const sameMessage = (a: ToastItem, b: ToastItem) => a.key === b.key && JSON.stringify(a.values ?? {}) === JSON.stringify(b.values ?? {});

/**
 * Toasts confirm what just happened and need no answer: top right (top left in Arabic), newest on
 * top, gone after 5 s. They come from a flash cookie, so they show without JavaScript too; CSS fades
 * them out there.
 */
export function Toasts({ toast }: { toast: ToastItem }) {
  const [shown, setShown] = useState<ToastItem[]>([toast]);
  useEffect(() => {
    setShown((list) => (list.some((x) => x.id === toast.id) ? list : [toast, ...list.filter((x) => !sameMessage(x, toast))]));
  }, [toast]);
  const remove = useCallback((id: string) => setShown((list) => list.filter((x) => x.id !== id)), []);
  return (
    <div className="toasts" role="status" aria-live="polite">
      {shown.map((item) => (
        <Toast key={item.id} item={item} remove={remove} />
      ))}
    </div>
  );
}

/**
 * One toast. A visitor reading it (the pointer on it) or about to close it (focus in it) keeps it;
 * it leaves 1 s after both have left. Once its own timer runs, the CSS fade is off: it would hide a
 * toast that is held.
 */
function Toast({ item, remove }: { item: ToastItem; remove: (id: string) => void }) {
  const { t } = useTranslation();
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [timed, setTimed] = useState(false);
  const wasHeld = useRef(false);
  const held = hovered || focused;
  useEffect(() => {
    setTimed(true);
    if (held) {
      wasHeld.current = true;
      return;
    }
    const timer = window.setTimeout(() => remove(item.id), wasHeld.current ? EXTENDED_TIMEOUT_MS : TIMEOUT_MS);
    return () => window.clearTimeout(timer);
  }, [held, item.id, remove]);
  return (
    <div
      className={timed ? "toast toast-timed" : "toast"}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => setFocused(event.currentTarget.contains(event.relatedTarget))}
    >
      {/* Shared toasts are short keys under toast; a feature's own are full keys (career.sent). */}
      <p>{t([`toast.${item.key}`, item.key], item.values)}</p>
      <button type="button" className="toast-close" aria-label={t("toast.close")} onClick={() => remove(item.id)}>
        ×
      </button>
    </div>
  );
}
