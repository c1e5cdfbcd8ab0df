import type { ActionFunctionArgs } from "@remix-run/node";
import { StaffLanguageSchema } from "~/lib/platform/api/admin-contract";
import { redirect, redirectWithToast, refusedPost, safeAdminPath } from "./language.server";

/**
 * The language switch (admin header, sign-in page): a plain form, so it works without JavaScript.
 * Changes only this browser's view. Like every admin post it must come from this site with the
 * form's token, or another site could switch it; refused, the page comes back unchanged with why.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  const back = safeAdminPath(form.get("redirectTo"));
  if (await refusedPost(form, request, context)) return redirectWithToast(context, back, "admin:toast.languageNotChanged");
  const lng = StaffLanguageSchema.safeParse(form.get("lng"));
  if (!lng.success) return redirect(back, 303);
  return redirect(back, { status: 303, headers: { "Set-Cookie": await context.cookies.staffLanguage.serialize(lng.data) } });
}

export const loader = () => redirect("/admin");
