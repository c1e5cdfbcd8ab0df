import { Form, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AuthenticityTokenInput } from "~/components/form/form-kit";
import { ALERT_MODES, type AlertMode } from "~/lib/platform/api/admin-contract";

/** Who is told by e-mail of a new lead: the owner's choice, its own small form (it is not a public setting). */
export function AlertModeForm({ mode, canWrite }: { mode: AlertMode; canWrite: boolean }) {
  const { t } = useTranslation("admin");
  const navigation = useNavigation();
  if (!canWrite) {
    return (
      <section className="admin-panel" aria-labelledby="alerts-title">
        <h2 id="alerts-title">{t("settings.alerts.title")}</h2>
        <p>{t("settings.alerts.intro")}</p>
        <p>{t("settings.alerts.current", { mode: t(`settings.alerts.${mode}`) })}</p>
      </section>
    );
  }
  return (
    <Form method="post" action="/admin/settings?intent=alerts" className="admin-panel" aria-labelledby="alerts-title">
      <h2 id="alerts-title">{t("settings.alerts.title")}</h2>
      <p>{t("settings.alerts.intro")}</p>
      <AuthenticityTokenInput />
      <fieldset className="admin-fieldset">
        <legend>{t("settings.alerts.legend")}</legend>
        {ALERT_MODES.map((value) => (
          <div key={value} className="admin-choice">
            <input type="radio" id={`alerts-${value}`} name="mode" value={value} defaultChecked={value === mode} />
            <label htmlFor={`alerts-${value}`}>{t(`settings.alerts.${value}`)}</label>
          </div>
        ))}
      </fieldset>
      <button type="submit" className="button button-secondary" disabled={navigation.state === "submitting"}>
        {t("settings.alerts.save")}
      </button>
    </Form>
  );
}
