import { useForm, type SubmissionResult } from "@conform-to/react";
import { useActionData, useLoaderData } from "@remix-run/react";
import type { HoneypotInputProps } from "remix-utils/honeypot/server";
import type { z } from "zod";
import { useFormCheck, type FormName } from "~/lib/forms/form-checks";
import type { FORM_SCHEMAS } from "~/lib/forms/schemas";

type Options<Name extends FormName> = Parameters<typeof useForm<z.output<(typeof FORM_SCHEMAS)[Name]>>>[0];

/** What every lead form page's loader returns for its form (forms/form-page.server.ts). */
interface LeadFormData {
  csrf: string;
  honeypot: HoneypotInputProps;
  constraint: NonNullable<Options<FormName>["constraint"]>;
  /** The country residence and dial code start at (route-table.json's `formCountry`). */
  formCountry: string;
}

/**
 * The setup the four lead forms share: conform's form with the id `<name>-form` and its fields'
 * constraints from the page's loader, the action's last result (a post without JavaScript comes
 * back with its errors and every typed value), checked on leaving a field once the schemas are here
 * (form-checks.ts), residence and dial code at the page's country. Returns the form, its fields, and what ProtectedForm takes: the form, its name and
 * the errors the server answered the last send with (its error summary), the visitor's CSRF token and
 * the honeypot.
 */
export function useLeadForm<Name extends FormName>(name: Name) {
  const { csrf, honeypot, constraint, formCountry } = useLoaderData<LeadFormData>();
  // A form without a residence field ignores `country`.
  const defaultValue = { phoneCountry: formCountry, country: formCountry } as Options<Name>["defaultValue"];
  const lastResult = useActionData<{ result: SubmissionResult<string[]> }>()?.result;
  const [form, fields] = useForm({
    id: `${name}-form`,
    lastResult,
    constraint,
    defaultValue,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: useFormCheck(name),
  });
  return { form, fields, protection: { form, name, posted: lastResult?.error ?? undefined, csrf, honeypot } };
}
