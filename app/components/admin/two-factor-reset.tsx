import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AuthenticityTokenInput } from "~/components/form/form-kit";

/**
 * A colleague's two-factor sign-in on their user page, and for whoever may change users the plain
 * form that turns it off (a lost phone and lost recovery codes). One's own is on the account page.
 */
export function TwoFactorReset({ user, enrolled, canReset }: { user: { name: string }; enrolled: boolean; canReset: boolean }) {
  const { t } = useTranslation("admin");
  return (
    <div className="admin-panel">
      <h2>{t("users.twoFactor")}</h2>
      <p>{t(enrolled ? "users.twoFactorOn" : "users.twoFactorOff")}</p>
      {enrolled && canReset ? (
        <>
          <p className="admin-muted">{t("users.twoFactorResetHint")}</p>
          <Form method="post">
            <AuthenticityTokenInput />
            <input type="hidden" name="intent" value="two-factor-reset" />
            <button type="submit" className="button button-secondary" aria-label={t("users.twoFactorResetFor", { name: user.name })}>
              {t("users.twoFactorReset")}
            </button>
          </Form>
        </>
      ) : null}
    </div>
  );
}
