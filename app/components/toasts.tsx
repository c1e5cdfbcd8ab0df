import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";

const TIMEOUT_MS = 5000;

/**
 * Toasts confirm what just happened and need no answer: top right (top left in Arabic), newest on
 * top, gone after 5 s. They come from a flash cookie, so they show without JavaScript too; CSS fades
 * them out there.
 */
export function Toasts({ toast }: { toast: { key: string; id: string } }) {
  const { t } = useTranslation();
  const [shown, setShown] = useState<{ key: string; id: string }[]>([toast]);
  useEffect(() => {
    setShown((list) => (list.some((x) => x.id === toast.id) ? list : [toast, ...list]));
    const timer = window.setTimeout(() => setShown((list) => list.filter((x) => x.id !== toast.id)), TIMEOUT_MS);
    return () => window.clearTimeout(timer);
  }, [toast]);
  return (
    <div className="toasts" role="status" aria-live="polite">
      {shown.map((item) => (
        <div key={item.id} className="toast">
          {/* Shared toasts are short keys under toast; a feature's own are full keys (career.sent). */}
          <p>{t([`toast.${item.key}`, item.key])}</p>
          <button type="button" className="toast-close" aria-label={t("toast.close")} onClick={() => setShown((list) => list.filter((x) => x.id !== item.id))}>
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
