import type { FieldMetadata } from "@conform-to/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useSteadyErrors } from "~/components/form/use-steady-errors";

/**
 * A labelled control with its hint and error list. The input itself comes from conform's
 * getInputProps (id, name, kept value, aria-invalid, aria-describedby to the errors); the child
 * gets the hint's id to add. Its errors show in FieldErrors.
 */
export function Field({
  meta,
  label,
  hint,
  required,
  checkbox,
  children,
}: {
  meta: FieldMetadata<unknown>;
  label: string;
  hint?: string;
  required?: boolean;
  checkbox?: boolean;
  children: (hintId: string | undefined) => ReactNode;
}) {
  const { t } = useTranslation();
  const hintId = hint ? meta.descriptionId : undefined;
  const labelEl = (
    <label htmlFor={meta.id}>
      {label}
      {required || checkbox ? null : <span className="optional"> {t("forms.optional")}</span>}
    </label>
  );
  return (
    <div className={checkbox ? "field field-checkbox" : "field"}>
      {checkbox ? null : labelEl}
      {hint ? (
        <p id={hintId} className="field-hint">
          {hint}
        </p>
      ) : null}
      {checkbox ? (
        <div className="checkbox-row">
          {children(hintId)}
          {labelEl}
        </div>
      ) : (
        children(hintId)
      )}
      <FieldErrors meta={meta} />
    </div>
  );
}

/**
 * A field's error list, for a field laid out by hand (a group of radios) as for Field. Its slot
 * keeps one line's height; a longer message, or one coming or going, waits for a click under way
 * to land (use-steady-errors.ts).
 */
export function FieldErrors({ meta }: { meta: FieldMetadata<unknown> }) {
  const { t } = useTranslation();
  const errors = useSteadyErrors(meta.errors);
  return (
    <div id={meta.errorId} className="field-error">
      {/* Shared messages are short keys under forms.errors; a form's own are full keys (career.errors.photoType). */}
      {errors?.map((key) => (
        <p key={key}>{t([`forms.errors.${key}`, key])}</p>
      ))}
    </div>
  );
}
