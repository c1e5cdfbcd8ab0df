import { getSelectProps, type FieldMetadata } from "@conform-to/react";
import { Field } from "~/components/form/field";

/** A required choice from a list the API gives (treatments, institution types), with a prompt first. */
export function ChoiceSelect({
  meta,
  label,
  prompt,
  options,
}: {
  meta: FieldMetadata<number | undefined>;
  label: string;
  prompt: string;
  options: { id: number; label: string }[];
}) {
  return (
    <Field meta={meta} label={label} required>
      {(hint) => (
        <select {...getSelectProps(meta, { ariaDescribedBy: hint })}>
          <option value="">{prompt}</option>
          {options.map((option) => (
            <option key={option.id} value={option.id}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}
