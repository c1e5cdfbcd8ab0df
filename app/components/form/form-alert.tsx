import { useTranslation } from "react-i18next";

/** Form-level problems (an expired form, a refused post), announced and shown above the fields. */
export function FormAlert({ errors }: { errors?: string[] }) {
  const { t } = useTranslation();
  if (!errors?.length) return null;
  return (
    <div className="form-alert" role="alert">
      {errors.map((key) => (
        <p key={key}>{t(`forms.errors.${key}`)}</p>
      ))}
    </div>
  );
}
