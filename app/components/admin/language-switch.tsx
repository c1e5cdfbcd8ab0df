import { Form, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AuthenticityTokenInput } from "~/components/form/form-kit";
import { STAFF_LANGUAGES } from "~/lib/platform/api/admin-contract";

/**
 * The back office's language (en or tr): one button per other language, named in that language, so
 * one press switches, with or without JavaScript; a plain form with the CSRF token like every admin
 * post. In the header, and on the sign-in page, whose token needs no session.
 */
export function StaffLanguageSwitch({ className = "admin-inline-form" }: { className?: string }) {
  const { t, i18n } = useTranslation("admin");
  const location = useLocation();
  return (
    <Form method="post" action="/admin/language" className={className} aria-label={t("language")}>
      <AuthenticityTokenInput />
      <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
      {STAFF_LANGUAGES.filter((lang) => lang !== i18n.language).map((lang) => (
        <button key={lang} type="submit" name="lng" value={lang} lang={lang} className="button button-secondary">
          {t(`languages.${lang}`)}
        </button>
      ))}
    </Form>
  );
}
