import { createCookie } from "@remix-run/node";
import { z } from "zod";
import { config } from "~/config.server";

/**
 * A one-time message shown after a redirect (post/redirect/get), also without JavaScript. Signed
 * with the form secret: a cookie set by anyone else (another site's script on a shared domain, a
 * crafted request) is ignored instead of putting its text on the page.
 */
export const toastCookie = createCookie("toast", {
  path: "/",
  httpOnly: true,
  sameSite: "lax",
  secure: config.secureCookies,
  maxAge: 60,
  secrets: [config.formSecret],
});

export const ToastSchema = z.object({ key: z.string(), id: z.string() });
export type Toast = z.infer<typeof ToastSchema>;

export async function readToast(request: Request): Promise<Toast | null> {
  const parsed = ToastSchema.safeParse(await toastCookie.parse(request.headers.get("Cookie")));
  return parsed.success ? parsed.data : null;
}

export const setToast = (key: string) => toastCookie.serialize({ key, id: crypto.randomUUID() });
export const clearToast = () => toastCookie.serialize("", { maxAge: 0, expires: new Date(0) });
