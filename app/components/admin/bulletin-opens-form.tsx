import { Form, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AuthenticityTokenInput } from "~/components/form/form-kit";

/** Whether bulletin opens are counted: off unless the owner turns it on, with what that means for the readers (ADR 057 amended). */
export function BulletinOpensForm({ countOpens, canWrite }: { countOpens: boolean; canWrite: boolean }) {
  const { t } = useTranslation("admin");
  const navigation = useNavigation();
  const intro = (
    <>
      <p>{t("settings.bulletinOpens.intro")}</p>
      <p>{t("settings.bulletinOpens.privacy")}</p>
      <p data-testid="bulletin-opens-current">{t(countOpens ? "settings.bulletinOpens.on" : "settings.bulletinOpens.off")}</p>
    </>
  );
  if (!canWrite) {
    return (
      <section className="admin-panel" aria-labelledby="bulletin-opens-title">
        <h2 id="bulletin-opens-title">{t("settings.bulletinOpens.title")}</h2>
        {intro}
      </section>
    );
  }
  return (
    <Form method="post" action="/admin/settings?intent=bulletinOpens" className="admin-panel" aria-labelledby="bulletin-opens-title">
      <h2 id="bulletin-opens-title">{t("settings.bulletinOpens.title")}</h2>
      {intro}
      <AuthenticityTokenInput />
      <div className="admin-choice">
        <input type="checkbox" id="bulletin-count-opens" name="countOpens" defaultChecked={countOpens} />
        <label htmlFor="bulletin-count-opens">{t("settings.bulletinOpens.label")}</label>
      </div>
      <button type="submit" className="button button-secondary" disabled={navigation.state === "submitting"}>
        {t("settings.bulletinOpens.save")}
      </button>
    </Form>
  );
}
