import { Form, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AuthenticityTokenInput } from "~/components/form/form-kit";
import { ROLES, type Role } from "~/lib/platform/api/admin-contract";

/** Which roles must sign in with two factors: the owner's choice, a form of its own (ADR 047). */
export function TwoFactorPolicyForm({ requiredRoles, canWrite }: { requiredRoles: Role[]; canWrite: boolean }) {
  const { t } = useTranslation("admin");
  const navigation = useNavigation();
  const named = requiredRoles.map((role) => t(`roles.${role}`)).join(", ");
  const current = <p>{t("settings.twoFactor.current", { roles: named || t("settings.twoFactor.nobody") })}</p>;
  if (!canWrite) {
    return (
      <section className="admin-panel" aria-labelledby="two-factor-title">
        <h2 id="two-factor-title">{t("settings.twoFactor.title")}</h2>
        <p>{t("settings.twoFactor.intro")}</p>
        {current}
      </section>
    );
  }
  return (
    <Form method="post" action="/admin/settings?intent=twoFactor" className="admin-panel" aria-labelledby="two-factor-title">
      <h2 id="two-factor-title">{t("settings.twoFactor.title")}</h2>
      <p>{t("settings.twoFactor.intro")}</p>
      {current}
      <AuthenticityTokenInput />
      <fieldset className="admin-fieldset">
        <legend>{t("settings.twoFactor.legend")}</legend>
        {ROLES.map((role) => (
          <div key={role} className="admin-choice">
            <input type="checkbox" id={`two-factor-${role}`} name="role" value={role} defaultChecked={requiredRoles.includes(role)} />
            <label htmlFor={`two-factor-${role}`}>{t(`roles.${role}`)}</label>
          </div>
        ))}
      </fieldset>
      <button type="submit" className="button button-secondary" disabled={navigation.state === "submitting"}>
        {t("settings.twoFactor.save")}
      </button>
    </Form>
  );
}
