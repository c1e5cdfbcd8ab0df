import { getFormProps, type FormMetadata } from "@conform-to/react";
import { Form, useNavigation } from "@remix-run/react";
import { useEffect, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { AuthenticityTokenInput, AuthenticityTokenProvider } from "remix-utils/csrf/react";
import { FormAlert } from "~/components/form/form-alert";
import { HoneypotInputs } from "~/components/form/honeypot-inputs";
import { loadPhoneRules } from "~/lib/forms/phone-rules";
import type { HoneypotInputProps } from "remix-utils/honeypot/server";

/**
 * A lead form: CSRF token, honeypot, form-level errors and a submit button that shows it is busy.
 * noValidate: the server's messages, in the page's language, instead of the browser's bubbles.
 */
export function ProtectedForm<Schema extends Record<string, unknown>>({
  form,
  csrf,
  honeypot,
  encType,
  children,
}: {
  form: FormMetadata<Schema, string[]>;
  csrf: string;
  honeypot: HoneypotInputProps;
  encType?: "multipart/form-data";
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting";
  // Every lead form asks for a phone: its rules come after the form is usable (forms/phone-rules.ts).
  useEffect(() => {
    // Not loaded (a dropped request): the server's check answers instead, so nothing to report here.
    loadPhoneRules().catch(() => undefined);
  }, []);
  return (
    <AuthenticityTokenProvider token={csrf}>
      <Form method="post" {...getFormProps(form)} noValidate encType={encType}>
        {/* Enter in a field sends the form, not an in-form helper button such as "show cities". */}
        <button type="submit" className="visually-hidden" tabIndex={-1} aria-hidden="true" />
        <AuthenticityTokenInput />
        <HoneypotInputs {...honeypot} label={t("forms.honeypot")} />
        <FormAlert errors={form.errors} />
        {children}
        <button type="submit" className="button button-cta" disabled={submitting}>
          {submitting ? t("forms.sending") : t("forms.send")}
        </button>
      </Form>
    </AuthenticityTokenProvider>
  );
}
