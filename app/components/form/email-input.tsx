import { getInputProps, type FieldMetadata } from "@conform-to/react";

/**
 * An e-mail field. Left to right in every language: in an Arabic page a half-typed address would
 * otherwise be laid out right to left and read "@bad" for "bad@".
 */
export function EmailInput({ meta, hint, autoComplete = "email" }: { meta: FieldMetadata<string | undefined>; hint?: string; autoComplete?: string }) {
  return <input {...getInputProps(meta, { type: "email", ariaDescribedBy: hint })} autoComplete={autoComplete} dir="ltr" />;
}
