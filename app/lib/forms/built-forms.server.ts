import { data, redirect, type ActionFunctionArgs, type AppLoadContext } from "@remix-run/node";
import { builtFormSchema, dialOf, listFields, multilineFields, tooLargeError } from "~/lib/forms/built-form-schema";
import { FORMS_PAGE, formPath } from "~/lib/forms/built-form-paths";
import { getFormPage } from "~/lib/forms/built-form-pages.server";
import { MAX_PHOTO_BYTES, PDF_MIME_TYPE } from "~/lib/forms/choices";
import { jobPhoto } from "~/lib/forms/job-photo.server";
import { KEPT_FORM_HEADER, keptFormHeader } from "~/lib/forms/kept-form";
import { LeadRefused, leadBase, protectedLeadAction } from "~/lib/forms/lead-action.server";
import { packCountries } from "~/lib/forms/packed-countries";
import { toE164 } from "~/lib/forms/phone";
import { DEFAULT_UPLOAD_LIMITS, readMultipartForm } from "~/lib/forms/upload.server";
import { getCountries } from "~/lib/platform/api/content.server";
import { acceptOf, type FormDefinition, type PublicForm, type PublishedForm } from "~/lib/platform/api/forms-contract";
import { throwApiFailure } from "~/lib/platform/api/unavailable.server";
import type { LeadFile } from "~/lib/platform/outbox/lead-files.server";
import type { Lead } from "~/lib/platform/outbox/outbox.server";
import { buildPageMeta, getT, pageRoute, requireRouteOr404, withNotFound, type PageRoute } from "~/lib/site/page.server";
import type { Lang } from "~/lib/site/route-table";

// Kept beside the funnels' lookup (built-form-pages.server.ts), which must not import this module's action.
export { getPublishedForms } from "~/lib/forms/built-form-pages.server";

/** The languages a list page of forms exists in: those with a published form. */
export function formListPaths(forms: PublishedForm[], ownPath: (lang: Lang) => string | null) {
  const paths: Partial<Record<Lang, string>> = {};
  for (const form of forms) paths[form.lang] ??= ownPath(form.lang) ?? undefined;
  return paths;
}

/** A form's fields as its page shows them in one language: only that language's texts go to the browser. */
function fieldsIn(form: FormDefinition, lang: Lang) {
  return form.fields.map((field) => ({
    key: field.key,
    type: field.type,
    required: field.required,
    label: field.label[lang] ?? "",
    help: field.help[lang] ?? "",
    choices: field.choices.map((choice) => ({ id: choice.id, label: choice.label[lang] ?? "" })),
    maxLength: field.maxLength,
    minDate: field.minDate,
    maxDate: field.maxDate,
    accept: field.type === "file" ? acceptOf(field) : null,
  }));
}
export type ShownFormField = ReturnType<typeof fieldsIn>[number];

/**
 * A built form's page: its title, introduction and fields in the page's language, the CSRF token and
 * stamp, the honeypot; an earlier slug answers 301 to the current one, an unknown one the localized 404.
 */
export async function loadBuiltFormPage(request: Request, context: AppLoadContext, slug: string | undefined) {
  const { lang } = pageRoute(FORMS_PAGE, request);
  const form = await withNotFound(lang, "contact", () => getFormPage(context, lang, slug ?? ""));
  const path = requireRouteOr404(formPath(lang, form.slug));
  if (form.slug !== slug) throw redirect(encodeURI(path), 301);
  const needsCountries = form.definition.fields.some((field) => field.type === "phone" || field.type === "country");
  const [t, protection, countries] = await Promise.all([
    getT(lang),
    context.forms.values(request.headers.get("Cookie")),
    needsCountries ? getCountries(context, lang).catch(throwApiFailure) : Promise.resolve([]),
  ]);
  return data(
    {
      meta: await buildPageMeta(context.config.siteUrl, lang, {
        title: form.title,
        description: form.intro || t("builtForm.description"),
        paths: { [lang]: path },
      }),
      languagePaths: { [lang]: path },
      title: form.title,
      intro: form.intro,
      fields: fieldsIn(form.definition, lang),
      multipart: form.definition.fields.some((field) => field.type === "file"),
      countries: packCountries(countries),
      csrf: protection.values.csrf,
      honeypot: protection.honeypot,
    },
    {
      headers: {
        ...(protection.setCookie ? { "Set-Cookie": protection.setCookie } : {}),
        [KEPT_FORM_HEADER]: keptFormHeader(protection.values),
      },
    },
  );
}

/** A form without a file field refuses a file part at its first byte (its page takes multipart, as one with a file does). */
const readWithoutFiles = async (request: Request) =>
  request.headers.get("content-type")?.startsWith("multipart/")
    ? readMultipartForm(request, { ...DEFAULT_UPLOAD_LIMITS, maxFileBytes: 0 }, "malformed")
    : { formData: await request.formData() };
/** A form with file fields: each file capped (photo or PDF alike), an oversize one worded as its field's choice says. */
const readWithFiles = (definition: FormDefinition) => (request: Request) =>
  readMultipartForm(request, { ...DEFAULT_UPLOAD_LIMITS, maxFileBytes: MAX_PHOTO_BYTES }, (name) => {
    const field = definition.fields.find((candidate) => candidate.key === name && candidate.type === "file");
    return field ? tooLargeError(field) : "fileTooLarge";
  });

/**
 * A built form's post: the protections and checks of every lead form (protectedLeadAction) with the
 * schema of the version the page shows now; the lead names that version, so it stays readable after
 * the form changes.
 */
export async function builtFormAction(args: ActionFunctionArgs) {
  const route: PageRoute = pageRoute(FORMS_PAGE, args.request);
  const form = await withNotFound(route.lang, "contact", () => getFormPage(args.context, route.lang, args.params.slug ?? ""));
  // A post to an old slug is not followed through a redirect (the body would be lost): it is not a form.
  if (form.slug !== args.params.slug) throw await withNotFound(route.lang, "contact", async () => requireRouteOr404(null));
  const definition = form.definition;
  const hasFiles = definition.fields.some((field) => field.type === "file");
  return protectedLeadAction(
    { ...args, route },
    { schema: builtFormSchema(definition), funnel: { formId: form.formId }, lists: listFields(definition) },
    async (value: Record<string, unknown>) => toLead(form, value, route.lang),
    () => "builtForm.sent",
    { readForm: hasFiles ? readWithFiles(definition) : readWithoutFiles, multiline: multilineFields(definition) },
  );
}

/**
 * A file field's answer as the outbox keeps it: a photo re-encoded as the job photo is (its reasons on
 * this field), a PDF byte for byte (upload.server.ts typed it as a whole PDF by its bytes).
 */
async function leadFile(key: string, file: File): Promise<LeadFile> {
  if (file.type === PDF_MIME_TYPE) return { key, name: `${key}.pdf`, type: PDF_MIME_TYPE, bytes: Buffer.from(await file.arrayBuffer()) };
  try {
    return { key, ...(await jobPhoto(file)) };
  } catch (error) {
    if (error instanceof LeadRefused && error.reply.fieldErrors?.photo) throw new LeadRefused({ fieldErrors: { [key]: error.reply.fieldErrors.photo } });
    throw error;
  }
}

async function toLead(form: PublicForm, value: Record<string, unknown>, lang: Lang): Promise<Lead> {
  const answers: Record<string, string | string[]> = {};
  let name: string | undefined;
  let email: string | undefined;
  let phone: string | undefined;
  for (const field of form.definition.fields) {
    const answer = value[field.key];
    if (answer === undefined || field.type === "file") continue;
    if (field.type === "phone" && typeof answer === "string") {
      answers[field.key] = toE164(answer, String(value[dialOf(field.key)]));
      phone ??= answers[field.key] as string;
    } else if (field.type === "longText" && typeof answer === "string") answers[field.key] = answer.replace(/\r\n?/g, "\n");
    else answers[field.key] = answer as string | string[];
    if (field.type === "email") email ??= answer as string;
    if (field.type === "text") name ??= answer as string;
  }
  const files: LeadFile[] = [];
  for (const field of form.definition.fields) {
    if (field.type === "file" && value[field.key]) files.push(await leadFile(field.key, value[field.key] as File));
  }
  return {
    kind: "builtForm",
    payload: {
      ...leadBase(lang),
      formId: form.formId,
      formVersionId: form.versionId,
      formTitle: form.title,
      ...(name ? { name: name.slice(0, 300) } : {}),
      ...(email ? { email } : {}),
      ...(phone ? { phone } : {}),
      answers,
    },
    files,
  };
}
