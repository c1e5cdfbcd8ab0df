import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { SignInFailuresView } from "~/lib/admin/sign-in-failures";
import { AuthenticityTokenInput } from "~/components/form/form-kit";

/**
 * A user's failed sign-ins in the last hour (how many, the last, from which addresses, what holds
 * now) and, for whoever may change users, the button that lifts the lock: a plain form to this page.
 */
export function SignInFailures({ user, view, canLift }: { user: { id: number; name: string }; view: SignInFailuresView; canLift: boolean }) {
  const { t } = useTranslation("admin");
  if (view.failures === 0) return <span className="admin-muted">{t("users.signInNone")}</span>;
  return (
    <div className="admin-sign-in-failures">
      <p>{t("users.signInCount", { count: view.failures, when: view.last })}</p>
      <ul>
        {view.addresses.map((a) => (
          <li key={a.address}>
            <code>{a.address}</code> {t("users.signInAddressCount", { count: a.failures })}
            {a.heldUntil ? (
              <>
                , <strong>{t("users.signInHeldUntil", { when: a.heldUntil })}</strong>
              </>
            ) : null}
          </li>
        ))}
        {view.moreAddresses > 0 ? <li>{t("users.signInMoreAddresses", { count: view.moreAddresses })}</li> : null}
      </ul>
      {view.knownOnlyUntil ? (
        <p>
          <strong>{t("users.signInKnownOnly", { when: view.knownOnlyUntil })}</strong>
        </p>
      ) : view.newAddressDelaySeconds > 0 ? (
        <p>{t("users.signInNewAddressWait", { count: view.newAddressDelaySeconds })}</p>
      ) : null}
      {canLift ? (
        <Form method="post" className="admin-inline-form">
          <AuthenticityTokenInput />
          <input type="hidden" name="intent" value="unlock" />
          <input type="hidden" name="id" value={user.id} />
          <button type="submit" className="button button-secondary" aria-label={t("users.liftFor", { name: user.name })}>
            {t("users.lift")}
          </button>
        </Form>
      ) : null}
    </div>
  );
}
