import { describe, expect, test } from "vitest";
import type { Settings } from "~/lib/platform/api/contract";
import { createContentCache } from "~/lib/platform/cache.server";
import { parseEnv } from "~/lib/platform/env.server";
import { getSettings, SETTINGS_MAX_AGE_MS } from "~/lib/site/settings.server";
import { builtInSettings } from "~/site-config";

const settled = () => new Promise((resolve) => setImmediate(resolve));
const withPhone = (phone: string): Settings => ({ ...builtInSettings(), phone });

/** The content cache on a clock the test moves, over a fake API whose settings (or failure) the test sets. */
function fakeSite() {
  // Not 0: the cache reads a start time of 0 as "never set".
  let time = 1_000_000;
  let answer: Settings | Error = withPhone("+90 212 000 00 01");
  let calls = 0;
  /** Holds the API's answers back while the test says so (a hung API). */
  let gate = Promise.resolve();
  const api = {
    get: async () => {
      calls += 1;
      await gate;
      if (answer instanceof Error) throw answer;
      return { hasError: false, result: answer };
    },
  } as never;
  const cache = createContentCache({ now: () => time });
  return {
    /** One page request: its header's phone, and whether the page may be kept for others. */
    async request() {
      const reads = cache.forRequest(api);
      const settings = await getSettings({ content: reads.content });
      return { phone: settings.phone, failed: reads.failed };
    },
    forget: (key: string) => cache.forget(key),
    set: (next: Settings | Error) => (answer = next),
    /** Hangs the API until the returned function is called. */
    hang() {
      let release = () => {};
      gate = new Promise((resolve) => (release = resolve));
      return release;
    },
    advance: (ms: number) => (time += ms),
    calls: () => calls,
  };
}

describe("the header's settings with the API stopped", () => {
  test("keep the last value the API gave, in pages that are not kept for others, without waiting on the API again", async () => {
    const site = fakeSite();
    expect(await site.request()).toEqual({ phone: "+90 212 000 00 01", failed: false });
    site.set(new Error("connect ECONNREFUSED"));
    site.advance(SETTINGS_MAX_AGE_MS + 1);
    expect(await site.request()).toEqual({ phone: "+90 212 000 00 01", failed: true });
    // A day later, the API hanging: still the last value, at once (the refresh runs behind the page).
    site.advance(86_400_000);
    const release = site.hang();
    const calls = site.calls();
    expect(await site.request()).toEqual({ phone: "+90 212 000 00 01", failed: true });
    expect(site.calls()).toBe(calls + 1);
    release();
    await settled();
    // Back up: once the refresh behind a read has finished, pages show the API's value again.
    site.set(withPhone("+90 212 000 00 02"));
    await site.request();
    await settled();
    expect(await site.request()).toEqual({ phone: "+90 212 000 00 02", failed: false });
  });

  test("are the built-in ones when the API never answered since start-up", async () => {
    const site = fakeSite();
    site.set(new Error("connect ECONNREFUSED"));
    expect(await site.request()).toEqual({ phone: builtInSettings().phone, failed: true });
  });
});

describe("a change of the settings", () => {
  test(`shows on the first page read more than ${SETTINGS_MAX_AGE_MS / 1000} s after the last, not on the one after`, async () => {
    const site = fakeSite();
    await site.request();
    site.set(withPhone("+90 212 000 00 02"));
    site.advance(SETTINGS_MAX_AGE_MS - 1);
    expect((await site.request()).phone).toBe("+90 212 000 00 01");
    expect(site.calls()).toBe(1);
    // Stale-while-revalidate would answer the old value once more here, however long the instance sat idle.
    site.advance(2);
    expect(await site.request()).toEqual({ phone: "+90 212 000 00 02", failed: false });
  });

  test("shows at once on the instance that saved it (forget)", async () => {
    const site = fakeSite();
    await site.request();
    site.set(withPhone("+90 212 000 00 02"));
    site.forget("settings");
    expect((await site.request()).phone).toBe("+90 212 000 00 02");
  });

  test("shows within 60 s with the default API timeout and page cache (ADR 009)", () => {
    const env = parseEnv({ EMBEDDED_BACKEND: "1" } as unknown as NodeJS.ProcessEnv);
    expect(SETTINGS_MAX_AGE_MS + env.API_TIMEOUT_MS + env.PAGE_CACHE_SECONDS * 1000).toBeLessThanOrEqual(60_000);
  });
});
