import type { AppLoadContext } from "@remix-run/node";
import type { Settings } from "~/lib/platform/api/contract";
import type { ContentContext } from "~/lib/platform/api/content.server";
import { builtInSettings } from "~/site-config";

/**
 * How old the settings a page is rendered with may be (ADR 009, "Site settings"): a change shows
 * within 60 s on every instance, since 25 s here, plus the API call it was read in (API_TIMEOUT_MS,
 * 5 s by default), plus a kept page's life (PAGE_CACHE_SECONDS, 30 s by default) make 60.
 */
export const SETTINGS_MAX_AGE_MS = 25_000;
const KEY = "settings";

/**
 * The provider's phone, WhatsApp numbers, address, e-mail, portal and social links (GET settings):
 * read through the content cache, never older than SETTINGS_MAX_AGE_MS while the API answers; the
 * last known values while it does not; the built-in ones if it never answered since start-up.
 */
export async function getSettings({ content }: ContentContext): Promise<Settings> {
  try {
    // The same in every language: read once, in English.
    return await content.cached(KEY, async () => (await content.api.get("settings", { lang: "en" })).result, { maxAgeMs: SETTINGS_MAX_AGE_MS });
  } catch {
    return builtInSettings();
  }
}

/** Drops this instance's copy of the settings and every kept page (the header and footer are on every page). */
export function applySettingsChange(target: { content: Pick<AppLoadContext["content"], "forget">; pageCache: Pick<AppLoadContext["pageCache"], "clear"> }) {
  target.content.forget(KEY);
  target.pageCache.clear();
}

/**
 * After a change saved here: this instance's pages show it at once, and the others are told
 * (REDIS_URL); without Redis they show it within the bound above.
 */
export function settingsChanged(context: Pick<AppLoadContext, "content" | "pageCache" | "changes">) {
  applySettingsChange(context);
  context.changes.announce({ kind: "settings" });
}
