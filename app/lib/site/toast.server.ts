import { redirect, type AppLoadContext } from "@remix-run/node";
import { parse } from "cookie";
import { z } from "zod";

/**
 * The one-time message after a post/redirect/get (a lead form's "sent"), also without JavaScript.
 * This module is all there is to it: an action redirects with one (`redirectWithToast`), the root
 * loader reads it (`readToast`), and the response that shows it also expires the cookie, document
 * and single-fetch data response alike, since Remix merges a loader's Set-Cookie into both. The
 * cookie is the load context's (`context.cookies.toast`, signed with the form secret).
 */
type ToastContext = Pick<AppLoadContext, "cookies">;

/**
 * `sent`: the page's own lead form was just sent. The form shows the message in its place, as the
 * thank-you state (components/form/protected-form.tsx), instead of a toast that comes and goes.
 */
const ToastSchema = z.object({ key: z.string(), id: z.string(), sent: z.literal(true).optional(), values: z.record(z.string()).optional() });
export type Toast = z.infer<typeof ToastSchema>;

/**
 * A 303 to `path` that shows the toast `key` (a key under `toast.` in common.json, or a full key)
 * once; `values` fill its placeholders (the languages just published), already in the reader's language.
 */
export async function redirectWithToast(
  { cookies }: ToastContext,
  path: string,
  key: string,
  { sent, values }: { sent?: true; values?: Record<string, string> } = {},
) {
  const toast: Toast = { key, id: crypto.randomUUID(), ...(sent ? { sent } : {}), ...(values ? { values } : {}) };
  return redirect(path, {
    status: 303,
    headers: { "Set-Cookie": await cookies.toast.serialize(toast) },
  });
}

/** Where a page is: the back office loads the `admin` namespace beside the site's, the public site does not. */
export type ToastArea = "admin" | "site";
const staffOnly = (toast: Toast) => toast.key.startsWith("admin:");

/**
 * The request's toast when the site signed it, and the headers to answer with: any toast cookie
 * that came along, shown or not (forged, expired secret), is expired by them, so it shows once.
 * A staff toast that reaches a public page (a post answered without following its redirect, then
 * the site opened) is left for the next back-office page: the public page has no words for it, and
 * its key would render on the server and differ in the browser.
 */
export async function readToast({ cookies }: ToastContext, request: Request, area: ToastArea): Promise<{ toast: Toast | null; headers: Headers }> {
  const cookieHeader = request.headers.get("Cookie");
  const headers = new Headers();
  if (!cookieHeader || !(cookies.toast.name in parse(cookieHeader))) return { toast: null, headers };
  const parsed = ToastSchema.safeParse(await cookies.toast.parse(cookieHeader));
  if (area === "site" && parsed.success && staffOnly(parsed.data)) return { toast: null, headers };
  headers.append("Set-Cookie", await cookies.toast.serialize("", { maxAge: 0, expires: new Date(0) }));
  return { toast: parsed.success ? parsed.data : null, headers };
}
