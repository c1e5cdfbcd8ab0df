import type { ActionFunctionArgs } from "@remix-run/node";
import { redirect, redirectWithToast, refusedPost } from "./sign-out.server";

/** Sign-out: a post (a link could be followed by anyone's page), which revokes the refresh token at the API. */
export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  if (await refusedPost(form, request, context)) return redirect("/admin", 303);
  const cleared = await context.staffSessions.signOut(request.headers.get("Cookie") ?? undefined);
  const response = await redirectWithToast(context, "/admin/sign-in", "admin:toast.signedOut");
  response.headers.append("Set-Cookie", cleared);
  return response;
}

export const loader = () => redirect("/admin");
