import { parseWithZod } from "@conform-to/zod";
import { json, redirect } from "@remix-run/node";
import type { z } from "zod";
import { DEFAULT_NOTIFICATION_SOURCE_ID, PROJECT_ID } from "~/lib/api/contract";
import { answerCitiesIntent } from "~/lib/forms/cities.server";
import { checkProtection } from "~/lib/forms/protection.server";
import { setToast } from "~/lib/forms/toast.server";
import type { Lead } from "~/lib/outbox/outbox.server";
import { getOutbox } from "~/lib/outbox/index.server";
import { requireRoute } from "~/lib/page.server";
import type { Lang, PageDef } from "~/lib/route-table";

type Route = { page: PageDef; lang: Lang };

/** How a form's post is read; a form with files reads multipart and may report per-field problems. */
export type ReadForm = (request: Request) => Promise<{ formData: FormData; fieldErrors?: Record<string, string[]> }>;

const readUrlEncoded: ReadForm = async (request) => ({ formData: await request.formData() });

/** The fields every lead carries (spec: project id 2, default notification source 3). */
export const leadBase = (lang: Lang) => ({
  projectId: PROJECT_ID as typeof PROJECT_ID,
  notificationSourceId: DEFAULT_NOTIFICATION_SOURCE_ID,
  languageCode: lang,
});

/**
 * Every lead form's action: read, check the honeypot and CSRF token, validate; on a problem the
 * form comes back (400/403) with its errors and every typed value; on success the lead goes into
 * the outbox and the visitor is redirected with a toast (post/redirect/get). The CSRF token is read
 * from the parsed form, never from a clone of the request (an upload would be read twice).
 */
export async function leadAction<Schema extends z.ZodTypeAny>(
  request: Request,
  schema: Schema,
  toLead: (value: z.output<Schema>, route: Route) => Lead | Promise<Lead>,
  toastKey: (route: Route) => string,
  readForm: ReadForm = readUrlEncoded,
) {
  const route = requireRoute(request);
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
    return json({ result: { status: "error" as const, error: { "": ["malformed"] } }, cities: null }, { status: 400 });
  }
  const { formData, fieldErrors } = read;
  const submission = parseWithZod(formData, { schema });
  const citiesAnswer = await answerCitiesIntent(formData, submission.reply(), route.lang);
  if (citiesAnswer) return citiesAnswer;
  const rejection = await checkProtection(formData, request);
  if (rejection) {
    return json({ result: submission.reply({ formErrors: [rejection] }), cities: null }, { status: rejection === "csrf" ? 403 : 400 });
  }
  // A file the reader left out (too large) is missing to the schema too: its own message replaces "required".
  const readErrors = fieldErrors && Object.keys(fieldErrors).length ? fieldErrors : null;
  if (submission.status !== "success" || readErrors) {
    return json({ result: submission.reply(readErrors ? { fieldErrors: readErrors } : undefined), cities: null }, { status: 400 });
  }
  getOutbox().enqueue(route.lang, await toLead(submission.value, route));
  return redirect(new URL(request.url).pathname, {
    status: 303,
    headers: { "Set-Cookie": await setToast(toastKey(route)) },
  });
}
