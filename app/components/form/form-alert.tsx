import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";

/**
 * Form-level problems (an expired form, a refused post), announced and shown above the fields: shared
 * keys under forms.errors, or a full key. `focus`: brought into view and focused as it appears, as a
 * lead form's error summary is (error-summary.tsx), when the page came back from the top.
 */
export function FormAlert({ errors, values, focus }: { errors?: string[]; values?: Record<string, string | number>; focus?: boolean }) {
  const { t } = useTranslation();
  const alert = useRef<HTMLDivElement>(null);
  const shown = errors?.join("\n") ?? "";
  useEffect(() => {
    if (!focus || !shown) return;
    // Once the answer is in, conform focuses the first field whose name has an error, and a field
    // without a name (a combobox's text box) has the form's own: on a phone the alert was then out
    // of view. It takes the focus back after conform, in the next frame.
    const frame = requestAnimationFrame(() => alert.current?.focus());
    return () => cancelAnimationFrame(frame);
  }, [focus, shown]);
  if (!errors?.length) return null;
  return (
    // eslint-disable-next-line jsx-a11y/no-autofocus -- only for the visitor's own send (see above)
    <div ref={alert} className="form-alert" role="alert" tabIndex={focus ? -1 : undefined} autoFocus={focus}>
      {errors.map((key) => (
        <p key={key}>{t([`forms.errors.${key}`, key], values)}</p>
      ))}
    </div>
  );
}
