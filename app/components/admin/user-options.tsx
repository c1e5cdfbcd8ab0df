import { useTranslation } from "react-i18next";
import { ROLES, STAFF_LANGUAGES } from "~/lib/api/admin-contract";

/** The roles, in words, for a user form's role select. */
export function RoleOptions() {
  const { t } = useTranslation("admin");
  return ROLES.map((role) => (
    <option key={role} value={role}>
      {t(`roles.${role}`)}
    </option>
  ));
}

/** The back office's languages, each in its own words, for a user form's language select. */
export function LanguageOptions() {
  const { t } = useTranslation("admin");
  return STAFF_LANGUAGES.map((lng) => (
    <option key={lng} value={lng} lang={lng}>
      {t(`languages.${lng}`)}
    </option>
  ));
}
