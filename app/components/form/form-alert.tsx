import { useTranslation } from "react-i18next";

/** Form-level problems (an expired form, a refused post), announced and shown above the fields: shared keys under forms.errors, or a full key. */
export function FormAlert({ errors, values }: { errors?: string[]; values?: Record<string, string | number> }) {
  const { t } = useTranslation();
  if (!errors?.length) return null;
  return (
    <div className="form-alert" role="alert">
      {errors.map((key) => (
        <p key={key}>{t([`forms.errors.${key}`, key], values)}</p>
      ))}
    </div>
  );
}
