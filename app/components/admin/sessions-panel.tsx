import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AuthenticityTokenInput } from "~/components/form/form-kit";
import type { SessionView } from "~/lib/admin/sessions-view.server";

/**
 * When a staff member last signed in and the sessions that still count (device, address, times),
 * with "Sign out everywhere": a plain form to the page it is on (intent `sign-out-everywhere`).
 */
export function SessionsPanel({
  lastSignIn,
  sessions,
  isSelf,
  canEnd,
}: {
  lastSignIn: string | null;
  sessions: SessionView[];
  isSelf: boolean;
  canEnd: boolean;
}) {
  const { t } = useTranslation("admin");
  return (
    <div className="admin-panel">
      <h2>{t("account.sessionsTitle")}</h2>
      <p>{lastSignIn ? t("account.lastSignIn", { when: lastSignIn }) : t("account.neverSignedIn")}</p>
      {sessions.length === 0 ? (
        <p className="admin-muted">{t("account.noSessions")}</p>
      ) : (
        <ul className="admin-sessions">
          {sessions.map((session, i) => (
            <li key={i}>
              <strong>{session.device}</strong>
              {session.current ? <> ({t("account.thisSession")})</> : null}
              <br />
              <span className="admin-muted">{t("account.sessionTimes", { started: session.started, active: session.active, address: session.address })}</span>
            </li>
          ))}
        </ul>
      )}
      {canEnd ? (
        <Form method="post" className="admin-inline-form">
          <AuthenticityTokenInput />
          <input type="hidden" name="intent" value="sign-out-everywhere" />
          <p className="admin-muted">{t(isSelf ? "account.signOutEverywhereSelfHint" : "account.signOutEverywhereHint")}</p>
          <button type="submit" className="button button-secondary">
            {t("account.signOutEverywhere")}
          </button>
        </Form>
      ) : null}
    </div>
  );
}
