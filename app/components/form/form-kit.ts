/**
 * The forms' building blocks, public and back office, imported from here and nowhere else outside
 * this folder (ADR 024; page-kit.ts does the same for the pages).
 *
 * The compiler splits modules by the exact set of routes that load them. The offer form's eight
 * (conform, its zod adapter, the form token, the field, alert, layout, select and location
 * components) each had a slightly different set, because the back office uses some of them, so
 * eight script files where one does. The public forms' schemas come along for the same reason. A route that uses any of them imports this module, so every
 * one of them has the same set of routes and they share one file. zod is left out: the contract's
 * schemas bring it to routes that have no form.
 */
export {
  getCollectionProps,
  getFormProps,
  getInputProps,
  getSelectProps,
  getTextareaProps,
  useForm,
  type FieldMetadata,
  type FormMetadata,
  type SubmissionResult,
} from "@conform-to/react";
export { AuthenticityTokenInput, AuthenticityTokenProvider, useAuthenticityToken } from "remix-utils/csrf/react";
export { ChoiceSelect } from "~/components/form/choice-select";
export { EmailInput } from "~/components/form/email-input";
export { Field, FieldErrors } from "~/components/form/field";
export { FormAlert } from "~/components/form/form-alert";
export { FormPageLayout } from "~/components/form/form-page-layout";
export { CountryCityFields, PhoneFields } from "~/components/form/location-fields";
export { ProtectedForm } from "~/components/form/protected-form";
export { useFormFunnel } from "~/components/form/use-form-funnel";
export { packCountries, unpackCountries } from "~/lib/forms/packed-countries";
export { CONTACT_CHANNELS, DAYS, DEFAULT_COUNTRY, MAX_PHOTO_BYTES, PDF_MIME_TYPE, PHOTO_MIME_TYPES, POSITIONS } from "~/lib/forms/choices";
export { useLeadForm } from "~/components/form/use-lead-form";
