import { useTranslation } from "react-i18next";

/**
 * Form-level problems (an expired form, a refused post), announced and shown above the fields: shared
 * keys under forms.errors, or a full key. `focus`: brought into view and focused as it appears, as a
 * lead form's error summary is (error-summary.tsx), when the page came back from the top.
 */
export function FormAlert({ errors, values, focus }: { errors?: string[]; values?: Record<string, string | number>; focus?: boolean }) {
  const { t } = useTranslation();
  if (!errors?.length) return null;
  return (
    // eslint-disable-next-line jsx-a11y/no-autofocus -- only for the visitor's own send (see above)
    <div className="form-alert" role="alert" tabIndex={focus ? -1 : undefined} autoFocus={focus}>
      {errors.map((key) => (
        <p key={key}>{t([`forms.errors.${key}`, key], values)}</p>
      ))}
    </div>
  );
}
