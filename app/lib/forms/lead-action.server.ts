import { data, type ActionFunctionArgs } from "@remix-run/node";
import type { z } from "zod";
import { DEFAULT_NOTIFICATION_SOURCE_ID, PROJECT_ID } from "~/lib/platform/api/contract";
import { keepPostedCountryCities } from "~/lib/forms/cities.server";
import { knownFields, schemaFields } from "~/lib/forms/known-fields.server";
import { refusalStatus } from "~/lib/platform/http/refusal.server";
import { formFunnel } from "~/lib/analytics/form-events.server";
import { PROTECTION_FIELDS, type Rejection } from "~/lib/forms/protection.server";
import { loadPhoneRules } from "~/lib/forms/phone-rules";
import { startCountry } from "~/lib/forms/choices";
import { dialCodeFollowsResidence } from "~/lib/forms/dial-follows-residence";
import type { FormName } from "~/lib/forms/form-checks";
import { FORM_SCHEMAS, parseForm } from "~/lib/forms/schemas";
import { OutboxUnavailableError, type Lead } from "~/lib/platform/outbox/outbox.server";
import { withVisitor } from "~/lib/analytics/lead-visitor.server";
import type { PageRoute } from "~/lib/site/page.server";
import { redirectWithToast } from "~/lib/site/toast.server";
import type { Lang } from "~/lib/site/route-table";

type Route = PageRoute;

/** How a form's post is read; a form with files reads multipart and may report per-field problems. */
export type ReadForm = (request: Request) => Promise<{ formData: FormData; fieldErrors?: Record<string, string[]> }>;

const readUrlEncoded: ReadForm = async (request) => ({ formData: await request.formData() });

/** The fields every lead carries: the API files a lead under project 2, source 3 (docs/api-contract.md). */
export const leadBase = (lang: Lang) => ({
  projectId: PROJECT_ID as typeof PROJECT_ID,
  notificationSourceId: DEFAULT_NOTIFICATION_SOURCE_ID,
  languageCode: lang,
});

/**
 * Thrown by a form's `toLead` when making the lead shows that what was sent cannot be accepted after
 * all (a photo that does not decode): the form comes back with these errors and every typed value.
 */
export class LeadRefused extends Error {
  constructor(
    readonly reply: { fieldErrors?: Record<string, string[]>; formErrors?: string[] },
    readonly status: 400 | 503 = 400,
  ) {
    super("The lead was refused while it was made");
  }
}

export interface LeadFormOptions<Value> {
  readForm?: ReadForm;
  /** Fields whose ids must come from the form's lists (see choices.server.ts). */
  checkChoices?: (value: Value, lang: Lang) => Promise<Record<string, string[]> | null>;
  /** Text areas, which keep their line breaks. */
  multiline?: readonly string[];
}

/**
 * Every lead form's action: read only the form's own fields, check where the post came from, the
 * honeypot, its stamp and the CSRF token, validate; on a problem the form comes back (400/403) with
 * its errors and every typed value; on success the lead goes into the outbox and the visitor is
 * redirected with a toast that the form shows as its thank-you state (post/redirect/get). The CSRF token is read from the parsed form, never
 * from a clone of the request (an upload would be read twice). The form is named as its page's loader
 * and component name it, and its schema is that name's (FORM_SCHEMAS).
 */
export async function leadAction<Name extends FormName>(
  args: Pick<ActionFunctionArgs, "request" | "context"> & { route: Route },
  form: Name,
  toLead: (value: z.output<(typeof FORM_SCHEMAS)[Name]>, route: Route) => Lead | Promise<Lead>,
  toastKey: (route: Route) => string,
  options: LeadFormOptions<z.output<(typeof FORM_SCHEMAS)[Name]>> = {},
) {
  return protectedLeadAction(args, { schema: FORM_SCHEMAS[form], funnel: form }, toLead, toastKey, options);
}

/**
 * leadAction for any schema: a built form's (ADR 065) is made from its published version, and its
 * funnel is its own, by the form's id (`funnel: { formId }`). `lists` are fields that may be sent more than once (ticked boxes).
 */
export async function protectedLeadAction<Schema extends z.ZodTypeAny>(
  { request, context, route }: Pick<ActionFunctionArgs, "request" | "context"> & { route: Route },
  { schema, funnel: funnelForm, lists = [] }: { schema: Schema; funnel: FormName | { formId: number }; lists?: readonly string[] },
  toLead: (value: z.output<Schema>, route: Route) => Lead | Promise<Lead>,
  toastKey: (route: Route) => string,
  { readForm = readUrlEncoded, checkChoices, multiline = ["message"] }: LeadFormOptions<z.output<Schema>> = {},
) {
  // Refused before it was read (refusal.server.ts): the form stays as typed, with the reason.
  if (context.refusal) {
    return data({ result: { status: "error" as const, error: { "": [context.refusal] } } }, { status: refusalStatus(context.refusal) });
  }
  let read: Awaited<ReturnType<ReadForm>>;
  try {
    read = await readForm(request);
  } catch (error) {
    // Read what is left of the body (server.ts caps its size): a keep-alive connection with unread
    // bytes on it would otherwise break the visitor's next request.
    if (!request.bodyUsed) await request.arrayBuffer().catch(() => null);
    // Too large to read at all: the error page says so in the visitor's language.
    if (error instanceof Response && error.status === 413) throw error;
    // A body that is not a form (broken multipart, JSON, a cut-off upload): nothing to keep, say so.
    return data({ result: { status: "error" as const, error: { "": ["malformed"] } } }, { status: 400 });
  }
  const formData = knownFields(read.formData, { names: [...schemaFields(schema), ...PROTECTION_FIELDS], multiline, lists });
  // The phone rules are loaded before the first form is judged: the server never checks leniently.
  await loadPhoneRules();
  // A dial code left at the form's start follows the country of residence, as it does with JavaScript.
  dialCodeFollowsResidence(formData, startCountry(route.page));
  const submission = parseForm(formData, schema);
  // Whatever comes back shows the chosen country's cities (a lookup the content cache keeps).
  await keepPostedCountryCities(context, formData, route.lang);
  // Without JavaScript, "show cities" posts the form: it comes back with those cities, every typed
  // value, and no error messages (nothing was sent yet); `citiesShown` lands the visitor back at the city field.
  if (formData.get("intent") === "cities") return { result: { ...submission.reply(), error: {} }, citiesShown: true };
  const refuse = (rejection: Rejection) => data({ result: submission.reply({ formErrors: [rejection] }) }, { status: rejection === "csrf" ? 403 : 400 });
  // Posted from another site (server.ts compares Origin with this site's): refused like a bad token.
  const rejection = context.crossSite ? "csrf" : await context.forms.check(formData, request);
  if (rejection) return refuse(rejection);
  // Counted in the form's funnel from here, with the visitor's consent (ADR 054).
  const funnel = await formFunnel(context, request, typeof funnelForm === "string" ? funnelForm : { ...funnelForm, fields: schemaFields(schema) }, route);
  // A file the reader left out (too large) is missing to the schema too: its own message replaces "required".
  const readErrors = read.fieldErrors && Object.keys(read.fieldErrors).length ? read.fieldErrors : null;
  if (submission.status !== "success" || readErrors) {
    funnel.refused({ ...(submission.status === "error" ? submission.error : {}), ...readErrors });
    return data({ result: submission.reply(readErrors ? { fieldErrors: readErrors } : undefined) }, { status: 400 });
  }
  const choiceErrors = await checkChoices?.(submission.value, route.lang);
  if (choiceErrors) {
    funnel.refused(choiceErrors);
    return data({ result: submission.reply({ fieldErrors: choiceErrors }) }, { status: 400 });
  }
  // One accepted lead per rendered form: a captured post sent again is refused.
  if (!(await context.forms.claim(formData))) return refuse("csrf");
  try {
    // With analytics consent the lead names its sender's visitor id (ADR 055).
    await context.outbox.enqueue(route.lang, await withVisitor(await toLead(submission.value, route), request, context.cookies));
  } catch (error) {
    await context.forms.release(formData);
    if (error instanceof LeadRefused) {
      funnel.refused(error.reply.fieldErrors);
      return data({ result: submission.reply(error.reply) }, { status: error.status });
    }
    // The disk refused the lead (full, read-only, damaged): the form comes back whole, to send again.
    if (error instanceof OutboxUnavailableError) return data({ result: submission.reply({ formErrors: ["saveFailed"] }) }, { status: 503 });
    throw error;
  }
  funnel.accepted(formData);
  // The page it leads to shows the form's thank-you state in place of the form, once.
  return redirectWithToast(context, new URL(request.url).pathname, toastKey(route), { sent: true });
}
