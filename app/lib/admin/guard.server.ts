import { data, redirect, type AppLoadContext } from "@remix-run/node";
import { CSRFError } from "remix-utils/csrf/server";
import type { Permission } from "~/lib/platform/api/admin-contract";
import { ApiError } from "~/lib/platform/api/errors";
import { pageAccess, postPermission, type AdminPageName } from "~/lib/admin/pages";
import type { Staff } from "~/lib/admin/sessions.server";
import { refusalStatus } from "~/lib/platform/http/refusal.server";

/** Where to come back to after signing in: only a path of the back office itself. */
export function safeAdminPath(value: unknown): string {
  return typeof value === "string" && value.length < 500 && /^\/admin(?:$|[/?])/.test(value) && !/\/\/|\\/.test(value) ? value : "/admin";
}

/** The signed-in staff member, or a redirect to the sign-in page that comes back here. */
export function requireStaff(request: Request, context: AppLoadContext): Staff {
  if (context.staff) return context.staff;
  const url = new URL(request.url);
  const back = url.pathname.replace(/\.data$/, "") + url.search;
  throw redirect(`/admin/sign-in?redirectTo=${encodeURIComponent(safeAdminPath(back))}`);
}

/** The staff member if they hold `permission` (null: any); a 403 page otherwise. */
function requirePermission(request: Request, context: AppLoadContext, permission: Permission | null): Staff {
  const staff = requireStaff(request, context);
  if (permission && !staff.permissions.has(permission)) throw data({ reason: "forbidden" }, { status: 403 });
  return staff;
}

/**
 * The staff member if they may open the page, as `ADMIN_PAGES` declares (app/route-patterns.js);
 * a 403 page otherwise. Every back-office loader calls it with its page's name.
 */
export function requirePage(request: Request, context: AppLoadContext, page: AdminPageName): Staff {
  return requirePermission(request, context, pageAccess(page).permission);
}

/**
 * The staff member if they may post to the page, as `ADMIN_PAGES` declares (by the address's
 * `?intent=` where the page's posts differ); a 403 page otherwise. A page that declares no post takes
 * none from anyone: a route given an action must say who may post to it.
 */
export function requirePagePost(request: Request, context: AppLoadContext, page: AdminPageName): Staff {
  const staff = requireStaff(request, context);
  const permission = postPermission(page, request.url);
  if (!permission || (permission !== "any" && !staff.permissions.has(permission))) throw data({ reason: "forbidden" }, { status: 403 });
  return staff;
}

/** Why a back-office post is refused before it is read further: another site's (Origin), or without the form's token. */
export async function refusedPost(
  form: FormData,
  request: Request,
  context: Pick<AppLoadContext, "crossSite" | "forms">,
): Promise<"crossSite" | "csrf" | null> {
  if (context.crossSite) return "crossSite";
  try {
    await context.forms.csrf.validate(form, request.headers);
    return null;
  } catch (error) {
    if (error instanceof CSRFError) return "csrf";
    throw error;
  }
}

/** An admin post: from this site, with the form's CSRF token, by someone who may post to the page. Returns the form's fields. */
export async function requirePost(request: Request, context: AppLoadContext, page: AdminPageName) {
  const staff = requirePagePost(request, context, page);
  // Turned away by express before it was read (too large, too many): said on the page, nothing done.
  if (context.refusal) throw data({ reason: context.refusal }, { status: refusalStatus(context.refusal) });
  const form = await request.formData();
  const refused = await refusedPost(form, request, context);
  if (refused) throw data({ reason: refused }, { status: 403 });
  return { staff, form };
}

/** What an admin API call's failure is answered with: the session's cookie, to drop it. */
type FailureContext = Pick<AppLoadContext, "staffSessions">;

/**
 * An admin API call's failure as the page's answer: the staff token refused (the user was disabled
 * meanwhile) signs them out; the API's 403 and 404 are the page's; anything else is "unavailable".
 */
export function staffFailure(context: FailureContext, error: unknown): never {
  if (!(error instanceof ApiError)) throw error;
  // The session ended between the request's session check and this call: the cookie goes too, so
  // the sign-in page does not take it for a live session.
  if (error.status === 401) {
    throw redirect("/admin/sign-in", { headers: { "Set-Cookie": context.staffSessions.ended() } });
  }
  if (error.status === 403) throw data({ reason: "forbidden" }, { status: 403 });
  if (error.status === 404) throw data({ reason: "notFound" }, { status: 404 });
  throw data({ reason: "unavailable" }, { status: 503 });
}

/** Runs admin API calls, answering their failures as `staffFailure` does. */
export async function staffCall<T>(context: FailureContext, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    return staffFailure(context, error);
  }
}
