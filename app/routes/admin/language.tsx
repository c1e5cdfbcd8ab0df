import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { StaffLanguageSchema } from "~/lib/api/admin-contract";
import { safeAdminPath, staffLanguageCookie } from "./language.server";

/** The admin header's language switch: a plain form, so it works without JavaScript. Changes only this browser's view. */
export async function action({ request }: ActionFunctionArgs) {
  const form = await request.formData();
  const lng = StaffLanguageSchema.safeParse(form.get("lng"));
  const back = safeAdminPath(form.get("redirectTo"));
  if (!lng.success) return redirect(back, 303);
  return redirect(back, { status: 303, headers: { "Set-Cookie": await staffLanguageCookie.serialize(lng.data) } });
}

export const loader = () => redirect("/admin");
