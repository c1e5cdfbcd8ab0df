import { Form, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AuthenticityTokenInput } from "~/components/form/form-kit";

/**
 * The back office's language (en or tr): a plain form, so it works without JavaScript, with the CSRF
 * token like every admin post. In the header, and on the sign-in page, whose token needs no session.
 */
export function StaffLanguageSwitch({ className = "admin-inline-form" }: { className?: string }) {
  const { t, i18n } = useTranslation("admin");
  const location = useLocation();
  return (
    <Form method="post" action="/admin/language" className={className}>
      <AuthenticityTokenInput />
      <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
      <label htmlFor="admin-lng" className="visually-hidden">
        {t("language")}
      </label>
      <select id="admin-lng" name="lng" defaultValue={i18n.language}>
        <option value="en" lang="en">
          {t("languages.en")}
        </option>
        <option value="tr" lang="tr">
          {t("languages.tr")}
        </option>
      </select>
      <button type="submit" className="button button-secondary">
        {t("switchLanguage")}
      </button>
    </Form>
  );
}
