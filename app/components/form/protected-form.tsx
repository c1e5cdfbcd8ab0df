import { getFormProps, type FormMetadata } from "@conform-to/react";
import { Form, useNavigation } from "@remix-run/react";
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { AuthenticityTokenInput, AuthenticityTokenProvider } from "remix-utils/csrf/react";
import { ErrorSummary, type PostedErrors } from "~/components/form/error-summary";
import { FormAlert } from "~/components/form/form-alert";
import { FormSent, useSentToast } from "~/components/form/form-sent";
import { HoneypotInputs } from "~/components/form/honeypot-inputs";
import { ResidenceLink } from "~/components/form/residence-link";
import { useFormFunnel } from "~/components/form/use-form-funnel";
import { formChecksLoaded, loadFormChecks, useFormChecksLoaded, type FormName } from "~/lib/forms/form-checks";
import { phoneRulesLoaded } from "~/lib/forms/phone-rules";
import type { HoneypotInputProps } from "remix-utils/honeypot/server";

/** How long a send waits for the form's checks (form-checks.ts) before the server's are left to judge it. */
const RULES_WAIT_MS = 4000;
/**
 * The name of the buttons Conform adds for its own submits (a field's check, a list's change):
 * `INTENT` of @conform-to/dom, which @conform-to/react does not re-export.
 */
const INTENT = "__intent__";

/**
 * A lead form: CSRF token, honeypot, form-level errors and a summary of the server's, and a submit
 * button that shows it is busy.
 * noValidate: the server's messages, in the page's language, instead of the browser's bubbles.
 * Once sent, its thank-you state in its place (form-sent.tsx), and the form emptied behind it.
 */
export function ProtectedForm<Schema extends Record<string, unknown>>({
  form,
  name,
  posted,
  csrf,
  honeypot,
  encType,
  children,
}: {
  form: FormMetadata<Schema, string[]>;
  /** Which lead form: its error summary names the fields by it. */
  name: FormName;
  /** The errors the server answered the last send with. */
  posted?: PostedErrors;
  csrf: string;
  honeypot: HoneypotInputProps;
  encType?: "multipart/form-data";
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  // A send held for the phone rules (below) is under way too: the button says so from the tap on.
  const [holding, setHolding] = useState(false);
  // Sent, and until the page it led to has loaded (the thank-you state): a second tap in between
  // would post the same stamp again, which the server refuses as a replay.
  const submitting = navigation.state !== "idle" && navigation.formData !== undefined;
  /*
   * After a success the page is the same (post/redirect/get): with JavaScript, React keeps the
   * form and the values typed into it, under a fresh stamp that would make a second tap a second
   * lead (#36). So the form gives way to its thank-you state, and starts afresh behind it: a
   * native reset, which conform follows (its onReset) with the form's defaults and no errors, and
   * the fields mounted anew, so that those keeping a choice of their own (the comboboxes, the
   * cities loaded for a country) forget it too. Without JavaScript the page after the redirect is
   * new anyway.
   */
  const sent = useSentToast();
  const [dismissed, setDismissed] = useState<string | null>(null);
  const thanks = sent && sent.id !== dismissed ? sent : null;
  // The success the fields were last mounted for; it stays when the toast is gone from the root's data.
  const [generation, setGeneration] = useState("");
  const formElement = () => document.getElementById(form.id) as HTMLFormElement | null;
  const funnel = useFormFunnel(form.allErrors, posted);
  useEffect(() => {
    if (!thanks) return;
    formElement()?.reset();
    setGeneration(thanks.id);
    funnel.again();
    // Once per success.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [thanks?.id]);
  const fillAgain = useRef(false);
  useEffect(() => {
    if (thanks || !fillAgain.current) return;
    fillAgain.current = false;
    // The visitor asked for the form: they start in its first field.
    formElement()?.querySelector<HTMLElement>("input:not([type=hidden]):not([tabindex='-1']), select:not([tabindex='-1']), textarea")?.focus();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [thanks]);
  /*
   * The schemas and the phone rules (forms/form-checks.ts) are asked for when the visitor first
   * touches the form, not as it hydrates: evaluating them, and the form's render once they are here,
   * were the long tasks a phone ran while the page was loading (#16). A visitor reading the page
   * first never waits for them; one who fills it in has them before leaving the first field.
   */
  const wantChecks = () => {
    // Not loaded (a dropped request): the server's check answers instead, so nothing to report here.
    if (!formChecksLoaded()) loadFormChecks().catch(() => undefined);
  };
  useEffect(() => {
    // A visitor already in the form as it hydrates (a slow phone) touched it before React listened.
    if (document.getElementById(form.id)?.contains(document.activeElement)) wantChecks();
    // Once, on mount.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const formProps = getFormProps(form);
  const resending = useRef(false);
  // Fields whose check (on leaving them) came before the schemas: checked once they are here. By
  // then the route has rendered with conform's onValidate (useFormCheck, in useLeadForm), and conform has it.
  const unchecked = useRef(new Set<string>());
  const checksLoaded = useFormChecksLoaded();
  useEffect(() => {
    if (!checksLoaded) return;
    for (const name of unchecked.current) form.validate({ name });
    unchecked.current.clear();
  }, [checksLoaded, form]);
  /*
   * A form sent before its checks arrive (the schemas and the phone rules) waits for them (at most a
   * few seconds), so that the browser judges the phone with everything else: otherwise a missing
   * consent alone would stop the form here, and the wrong number would be told only on the next try.
   * Conform's own submits (a field's check on blur, named "__intent__") send nothing once the
   * checks are here; before that they are kept for later (above).
   */
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    const intent = submitter?.getAttribute("name") === INTENT;
    if (intent && !formChecksLoaded()) {
      // Without onValidate conform would post a field's check to the server: it waits instead.
      // A field focused before hydration never told React: the checks may not be on their way yet.
      wantChecks();
      event.preventDefault();
      const name = validatedField(submitter);
      if (name) unchecked.current.add(name);
      return;
    }
    if ((formChecksLoaded() && phoneRulesLoaded()) || resending.current || intent) {
      formProps.onSubmit(event);
      // Conform stops a send its checks refuse: the form's funnel counts the attempt (ADR 054).
      if (!intent) funnel.sent(event.defaultPrevented);
      return;
    }
    event.preventDefault();
    // A second tap while the first waits: the first one sends. (A tap is a discrete event: React has
    // rendered the first one's state before the next tap's handler runs.)
    if (holding) return;
    setHolding(true);
    const target = event.currentTarget;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const waited = new Promise((settle) => (timer = setTimeout(settle, RULES_WAIT_MS)));
    void Promise.race([loadFormChecks(), waited])
      .catch(() => undefined)
      .then(() => {
        clearTimeout(timer);
        setHolding(false);
        if (!target.isConnected) return;
        // requestSubmit dispatches the submit event at once, so the flag covers exactly that send.
        resending.current = true;
        try {
          target.requestSubmit(submitter?.isConnected ? submitter : null);
        } finally {
          resending.current = false;
        }
      });
  };
  return (
    <AuthenticityTokenProvider token={csrf}>
      {thanks ? (
        <FormSent
          toast={thanks}
          formId={form.id}
          onAgain={() => {
            fillAgain.current = true;
            setDismissed(thanks.id);
          }}
        />
      ) : null}
      {/* Kept in the page while hidden: the same form, emptied, comes back for the next request. */}
      <Form
        method="post"
        {...formProps}
        hidden={thanks !== null}
        onSubmit={onSubmit}
        onFocus={wantChecks}
        onPointerDown={wantChecks}
        onInput={funnel.onInput}
        noValidate
        encType={encType}
      >
        {/* Enter in a field sends the form, not an in-form helper button such as "show cities". */}
        <button type="submit" className="visually-hidden" tabIndex={-1} aria-hidden="true" />
        <AuthenticityTokenInput />
        <HoneypotInputs {...honeypot} label={t("forms.honeypot")} />
        <ErrorSummary form={form} name={name} errors={posted} />
        {/* Focused as it appears unless the summary above is: then it is in view too. */}
        <FormAlert errors={form.errors} focus={!Object.entries(posted ?? {}).some(([field, errors]) => field !== "" && errors?.length)} />
        {/* A form's dial code follows the residence picked in it (residence-link.tsx); a new generation starts unlinked. */}
        <ResidenceLink key={generation}>{children}</ResidenceLink>
        {/* Not disabled while a send is held: requestSubmit sends it with this button as the submitter. */}
        <button type="submit" className="button button-cta" disabled={submitting}>
          {submitting || holding ? t("forms.sending") : t("forms.send")}
        </button>
      </Form>
    </AuthenticityTokenProvider>
  );
}

/** The field a conform "validate" intent is for (its value is the intent as JSON), if it is one. */
function validatedField(submitter: HTMLElement | null | undefined): string | null {
  try {
    const intent = JSON.parse(submitter?.getAttribute("value") ?? "") as { type?: string; payload?: { name?: unknown } };
    return intent.type === "validate" && typeof intent.payload?.name === "string" ? intent.payload.name : null;
  } catch {
    return null;
  }
}
