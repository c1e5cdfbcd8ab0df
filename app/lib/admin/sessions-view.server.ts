import Bowser from "bowser";
import type { AppLoadContext } from "@remix-run/node";
import { unexpectedAnswer } from "~/lib/admin/answers.server";
import { staffCall } from "~/lib/admin/guard.server";
import type { Staff } from "~/lib/admin/sessions.server";
import { staffDateTime } from "~/lib/admin/staff-time";
import type { LiveSession } from "~/lib/platform/api/admin-contract";
import { redirectWithToast } from "~/lib/site/toast.server";

/** A session as the account and user pages show it: times on the clinic's clock, the device in a few words. */
export interface SessionView {
  device: string;
  address: string;
  started: string;
  active: string;
  current: boolean;
}

/** "Firefox 133 on Windows 10", from the User-Agent the browser sent at sign-in; "" when it sent none. */
export function deviceSummary(userAgent: string): { browser: string; os: string } {
  if (!userAgent) return { browser: "", os: "" };
  const parsed = Bowser.parse(userAgent);
  const major = parsed.browser.version?.split(".")[0];
  const browser = [parsed.browser.name, major].filter(Boolean).join(" ");
  const os = [parsed.os.name, parsed.os.versionName ?? parsed.os.version].filter(Boolean).join(" ");
  return { browser, os };
}

type T = (key: string, values?: Record<string, string>) => string;

/** The device in the reader's words: "Firefox 133 on Windows 10", or "Unknown device". */
function deviceWords(t: T, userAgent: string) {
  const { browser, os } = deviceSummary(userAgent);
  if (!browser && !os) return t("account.unknownDevice");
  return os ? t("account.device", { browser: browser || t("account.unknownBrowser"), os }) : browser;
}

/** Loaders format here, so bowser stays on the server. */
export function sessionsView(lang: string, t: T, sessions: LiveSession[]): SessionView[] {
  return sessions.map((session) => {
    return {
      device: deviceWords(t, session.userAgent),
      address: session.address,
      started: staffDateTime(lang, session.startedAt),
      active: staffDateTime(lang, session.activeAt),
      current: session.current,
    };
  });
}

/** Ends every session of a user at the API (their own: `admin/account/sessions`), then goes to `back`. */
export async function signOutEverywhere(context: AppLoadContext, staff: Staff, userId: number | "self", back: string) {
  const path = userId === "self" ? "admin/account/sessions" : `admin/users/${userId}/sessions`;
  const answer = await staffCall(context, () => context.staffApi.as(staff.token).send("DELETE", path));
  if (answer.status !== 204) unexpectedAnswer(context, path, answer);
  // One's own: this session ended too; the sign-in page is where the next request would go anyway.
  if (userId === "self") {
    const response = await redirectWithToast(context, "/admin/sign-in", "admin:account.signedOutEverywhere");
    response.headers.append("Set-Cookie", context.staffSessions.ended());
    return response;
  }
  return redirectWithToast(context, back, "admin:account.signedOutEverywhereOther");
}
