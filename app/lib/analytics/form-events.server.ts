import type { AppLoadContext } from "@remix-run/node";
import { z } from "zod";
import { builtFormAtPath } from "~/lib/forms/built-form-pages.server";
import { schemaFields } from "~/lib/forms/known-fields.server";
import type { FormName } from "~/lib/forms/form-checks";
import { FORM_SCHEMAS } from "~/lib/forms/schemas";
import { BROWSER_FORM_EVENTS, FORM_ERROR_CODES, MAX_FILL_SECONDS, type FormEvent } from "~/lib/platform/api/form-funnels-contract";
import type { Lang } from "~/lib/site/route-table";
import { formOfPath, leadKindOf } from "./form-of-page";
import { visitorOf } from "./page-view.server";

/**
 * Form events (ADR 054): what a visitor who allowed analytics did with a lead form, by field name
 * and error code, never a value. The browser reports what only it sees (started, where the visitor
 * stopped, the checks it showed, a send its checks stopped); the server reports every post that
 * passed the protection checks, without JavaScript too. The visitor id is the consent cookie's,
 * read here as for page views: no consent, a bot or a signed-in staff member records nothing.
 */

type Context = Pick<AppLoadContext, "cookies" | "formEvents" | "content">;

/** What the form reporter sends (use-form-funnel.ts), beside the page's address; on the beacon's path, within its cap and limits. */
export const FormBeaconSchema = z.object({
  url: z.string().startsWith("/").max(1000),
  form: z.object({
    type: z.enum(BROWSER_FORM_EVENTS),
    field: z.string().max(40).nullable().default(null),
    code: z.enum(FORM_ERROR_CODES).nullable().default(null),
  }),
});

/** Whether a beacon's body is about a form rather than a page view. */
export const isFormBeacon = (input: unknown) => typeof input === "object" && input !== null && "form" in input;

const fieldsOf = new Map((Object.keys(FORM_SCHEMAS) as FormName[]).map((name) => [name, new Set(schemaFields(FORM_SCHEMAS[name]))]));

/** Which form an event is about: a built-in one by its kind, a built form (ADR 065) by its id too. */
type Funnel = { kind: FormEvent["kind"]; formId: number | null };

function event(visitorId: string, funnel: Funnel, lang: Lang, type: FormEvent["type"], extra: Partial<FormEvent> = {}): FormEvent {
  return { visitorId, at: new Date().toISOString(), ...funnel, lang, type, field: null, code: null, seconds: null, ...extra };
}

/** The form a page's path carries and the names of its fields: a built-in form's page, or a built form's. */
async function formAtPath(context: Context, pathname: string): Promise<(Funnel & { fields: Set<string> | undefined }) | null> {
  const page = formOfPath(pathname);
  if (page) return { kind: page.kind, formId: null, fields: fieldsOf.get(page.form) };
  const built = await builtFormAtPath(context, pathname);
  return built && { kind: "builtForm", formId: built.formId, fields: built.fields };
}

/**
 * A form event from the browser: "invalid" (the caller answers 400) for a body that is none, or for
 * a field the page's form does not have (a forged name cannot fill the tables); else "done".
 */
export async function recordBrowserFormEvent(context: Context, request: Request, input: unknown): Promise<"done" | "invalid"> {
  const beacon = FormBeaconSchema.safeParse(input);
  if (!beacon.success) return "invalid";
  const { type, field, code } = beacon.data.form;
  const pathname = new URL(beacon.data.url, "http://site.invalid").pathname;
  const lang = pathname.split("/")[1] as Lang;
  const needsField = type === "abandoned" || type === "error";
  if ((needsField ? !field : field !== null) || (type === "error") !== (code !== null)) return "invalid";
  const page = await formAtPath(context, pathname);
  if (!page || (field !== null && !page.fields?.has(field))) return "invalid";
  const visitor = await visitorOf(request, context.cookies);
  if ("visitorId" in visitor) context.formEvents.enqueue(event(visitor.visitorId, { kind: page.kind, formId: page.formId }, lang, type, { field, code }));
  return "done";
}

/** A message's code: the built forms' photo fields word theirs as the career form's (`career.errors.photoType`). */
const errorCode = (message: string | undefined) => {
  const code = (message ?? "").replace(/^(forms|career)\.errors\./, "");
  return (FORM_ERROR_CODES as readonly string[]).includes(code) ? (code as FormEvent["code"]) : "invalid";
};

/** Which form a post is of: a built-in form by its name, or a built form (ADR 065) by its id and its schema's fields. */
export type FunnelForm = FormName | { formId: number; fields: readonly string[] };

/**
 * The server's side of one post of a lead form that passed the protection checks, for leadAction:
 * it is counted as submitted at once; then refused (with each field's error) or accepted (with the
 * seconds from the form's render, its stamp says when). Nothing at all without the visitor's consent.
 */
export async function formFunnel(
  context: Pick<AppLoadContext, "cookies" | "formEvents" | "forms">,
  request: Request,
  form: FunnelForm,
  route: { page: { name: string }; lang: Lang },
) {
  const visitor = await visitorOf(request, context.cookies);
  const funnel: Funnel = typeof form === "string" ? { kind: leadKindOf(form, route.page.name), formId: null } : { kind: "builtForm", formId: form.formId };
  const fields = typeof form === "string" ? fieldsOf.get(form) : new Set(form.fields);
  const record = (type: FormEvent["type"], extra?: Partial<FormEvent>) =>
    "visitorId" in visitor && context.formEvents.enqueue(event(visitor.visitorId, funnel, route.lang, type, extra));
  record("submitted");
  return {
    refused(fieldErrors: Record<string, string[] | null | undefined> | undefined) {
      record("refused");
      for (const [field, messages] of Object.entries(fieldErrors ?? {})) {
        if (fields?.has(field) && messages?.length) record("error", { field, code: errorCode(messages[0]) });
      }
    },
    accepted(formData: FormData) {
      const seconds = "visitorId" in visitor ? context.forms.filledInSeconds(formData) : null;
      record("accepted", { seconds: seconds === null ? null : Math.min(seconds, MAX_FILL_SECONDS) });
    },
  };
}
