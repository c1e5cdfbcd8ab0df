import { useLocation, useRouteLoaderData } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import type { RootData } from "~/root";

/** The toast of a lead form just sent (lead-action.server.ts): shown by the form, in its place. */
interface SentToast {
  key: string;
  id: string;
}

/** The root's toast when it says this page's lead form was just sent (toast.server.ts); else null. */
export function useSentToast(): SentToast | null {
  const root = useRouteLoaderData<RootData>("root");
  return root?.toast?.sent ? root.toast : null;
}

/**
 * A lead form's thank-you state: what was sent and what happens next, in place of the form, and a
 * link to fill it in again. With JavaScript, focus moves here as it replaces the form, so a screen
 * reader reads it and it is in view on a phone; without, the page loads with it focused
 * (`autoFocus`, which React writes into the server's HTML). The link's own href is the form on a
 * fresh page (a new stamp), which is what it gives without JavaScript: the page itself, since a link
 * that only adds a fragment would not load it again. With JavaScript, `onAgain` shows the form,
 * already emptied and restamped, in this page.
 */
export function FormSent({ toast, formId, onAgain }: { toast: SentToast; formId: string; onAgain: () => void }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const panel = useRef<HTMLDivElement>(null);
  useEffect(() => panel.current?.focus(), []);
  return (
    // eslint-disable-next-line jsx-a11y/no-autofocus -- the visitor's own action put it here (see above)
    <div ref={panel} id={`${formId}-sent`} className="form-sent" role="status" tabIndex={-1} autoFocus>
      <h3>{t("forms.sent.title")}</h3>
      {/* Shared messages are short keys under toast; a form's own are full keys (career.sent). */}
      <p>{t([`toast.${toast.key}`, toast.key])}</p>
      <a
        href={pathname}
        className="button button-secondary"
        onClick={(event) => {
          event.preventDefault();
          onAgain();
        }}
      >
        {t("forms.sent.again")}
      </a>
    </div>
  );
}
