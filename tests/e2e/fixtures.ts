import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { test as base, expect, type APIRequestContext, type BrowserContext, type BrowserContextOptions, type Locator, type Page } from "@playwright/test";
import { decode as decodeTurboStream } from "turbo-stream";
import table from "../../app/route-table.json" with { type: "json" };
import { E2E_DATA_DIR } from "../support/e2e-env.mjs";

export { expect };

export type Lang = "en" | "tr" | "ru" | "fr" | "ar";
export const LANGS: Lang[] = ["en", "tr", "ru", "fr", "ar"];
type TablePage = (typeof table.pages)[number] & {
  slugs: Partial<Record<Lang, string>>;
  standIns?: Partial<Record<Lang, string>>;
};
/**
 * The table's pages that always exist. A page that exists only with items (the bulletins' archive,
 * ADR 060) is a 404 until an issue is published: axe.spec.ts publishes one and checks it apart.
 */
export const PAGES = (table.pages as TablePage[]).filter((page) => !("onlyWithItems" in page && page.onlyWithItems));

/** Every (page, language) pair of the table itself, with its path. */
export const ROUTES = PAGES.flatMap((page) =>
  LANGS.flatMap((lang) => {
    const slug = page.slugs[lang];
    return slug === undefined ? [] : [{ page, lang, path: slug ? `/${lang}/${slug}` : `/${lang}` }];
  }),
);

export function pathOf(name: string, lang: Lang): string | null {
  const page = PAGES.find((p) => p.name === name)!;
  const slug = page.slugs[lang];
  if (slug !== undefined) return slug ? `/${lang}/${slug}` : `/${lang}`;
  const alias = page.standIns?.[lang];
  return alias ? pathOf(alias, lang) : null;
}

const locales = new Map<string, Record<string, unknown>>();
export function translation(lang: Lang, key: string, ns = "common"): string {
  const id = `${lang}/${ns}`;
  if (!locales.has(id)) {
    locales.set(id, JSON.parse(readFileSync(new URL(`../../locales/${id}.json`, import.meta.url), "utf8")));
  }
  const value = key.split(".").reduce<unknown>((o, k) => (o as Record<string, unknown>)?.[k], locales.get(id));
  if (typeof value !== "string") throw new Error(`No translation ${id}:${key}`);
  return value;
}

export const decode = (url: string) => decodeURIComponent(new URL(url).pathname);

/**
 * The page's own request client (its context's cookies: a signed-in session), asking the server to
 * close each connection after its answer. A worker's context outlives its test (SharedPage), and so
 * do the client's idle connections: a post sent on one the server had closed after its 5 s of
 * keep-alive got ECONNRESET, and a post is never sent again. `page.request` is refused by lint in
 * the e2e specs for this one.
 */
export function sessionRequest(page: Page) {
  const request = page.context().request;
  return {
    get: (url: string, options?: Parameters<APIRequestContext["get"]>[1]) =>
      request.get(url, { ...options, headers: { ...options?.headers, connection: "close" } }),
    post: (url: string, options?: Parameters<APIRequestContext["post"]>[1]) =>
      request.post(url, { ...options, headers: { ...options?.headers, connection: "close" } }),
  };
}

/**
 * axe is put into the page before every check: its minified build parses in about two thirds of the
 * time the full one (1.3 MB) takes, 0.3 s less a check here, where a run makes a few hundred checks.
 */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");
/** Only the frame's own origin may answer axe's messages, as @axe-core/playwright configures it. */
const AXE_SCRIPT = `${AXE_SOURCE};axe.configure({ allowedOrigins: ["<same_origin>"] });`;
/**
 * Only violations are read: axe then skips collecting the passing nodes. heading-order is a
 * best-practice rule, outside the WCAG tags, that Lighthouse scores: a rule enabled by name runs
 * besides the tags (axe's ruleShouldRun).
 */
const AXE_OPTIONS = {
  resultTypes: ["violations"],
  rules: { "heading-order": { enabled: true } },
  runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21aa", "wcag22aa"] },
};

/**
 * axe-core's own run in the page, as @axe-core/playwright's legacy mode does it (axe in every frame,
 * then `axe.run` in the top one; its other mode opens a blank page to merge each frame's results, a
 * renderer process and 1.2 s of the 3 s a check took), less what it repeats: it evaluated axe's
 * 570 KB twice into the page before each check (once to look for `runPartial`, once to inject it),
 * 0.15 to 0.25 s a check on this machine.
 */
export async function expectNoAxeViolations(page: Page) {
  for (const frame of page.frames()) await frame.evaluate(AXE_SCRIPT).catch((error) => (frame === page.mainFrame() ? Promise.reject(error) : undefined));
  const violations = await page.evaluate(
    (options) =>
      (window as unknown as { axe: { run(context: Document, options: unknown): Promise<{ violations: { id: string; nodes: { target: string[] }[] }[] }> } }).axe
        .run(document, options)
        .then((results) => results.violations.map((v) => ({ id: v.id, targets: v.nodes.map((n) => n.target.join(" ")) }))),
    AXE_OPTIONS,
  );
  const summary = violations.map((v) => `${v.id}: ${v.targets.join(", ")}`);
  expect(summary, `axe violations on ${page.url()}`).toEqual([]);
}

export type ContextOptions = Pick<
  BrowserContextOptions,
  "viewport" | "screen" | "userAgent" | "deviceScaleFactor" | "isMobile" | "hasTouch" | "javaScriptEnabled" | "locale" | "baseURL"
>;
export const contextOptions = (use: ContextOptions): ContextOptions => ({
  viewport: use.viewport,
  screen: use.screen,
  userAgent: use.userAgent,
  deviceScaleFactor: use.deviceScaleFactor,
  isMobile: use.isMobile,
  hasTouch: use.hasTouch,
  // A project that does not set it runs scripts, as the test-level option does by default.
  javaScriptEnabled: use.javaScriptEnabled ?? true,
  locale: use.locale,
  baseURL: use.baseURL,
});

/**
 * One browser page per worker, handed from test to test. Opening a page starts a renderer process,
 * and its first load compiles every script and stylesheet again: on this 2-core machine that cost
 * 3.5 CPU-seconds a test against 0.9 for the same load in a page already open (.tmp/cpu2.mjs:
 * six pages twice, 4.33 against 0.95 busy seconds a load), and the suite is CPU-bound. What a test
 * could leave behind is cleared before the next one: cookies (consent, language, CSRF), permissions,
 * routes, listeners, other pages, the viewport; after a fake clock or an init script, which cannot
 * be undone, the next test gets a new context. What stays is the browser's cache, as for any
 * returning visitor; documents are `max-age=0` or `no-store`, so every `goto` still asks the server.
 */
class SharedPage {
  private context: BrowserContext | null = null;
  private page: Page | null = null;
  /** The last test changed what outlives it (a fake clock, an init script): the next one gets a new context. */
  private changed = false;
  constructor(private readonly open: () => Promise<BrowserContext>) {}

  async take(viewport: ContextOptions["viewport"]): Promise<Page> {
    if (this.changed) await this.close();
    if (!this.context) this.context = this.watch(await this.open(), CONTEXT_SETUP);
    if (!this.page || this.page.isClosed()) this.page = this.watch(await this.context.newPage(), PAGE_SETUP);
    const { context, page } = this;
    for (const other of context.pages()) if (other !== page) await other.close();
    await context.clearCookies();
    await context.clearPermissions();
    const size = page.viewportSize();
    if (viewport && (size?.width !== viewport.width || size?.height !== viewport.height)) await page.setViewportSize(viewport);
    return page;
  }

  async release(page: Page) {
    if (page.isClosed()) return;
    page.removeAllListeners();
    await page.unrouteAll({ behavior: "ignoreErrors" });
    await this.context?.unrouteAll({ behavior: "ignoreErrors" });
  }

  async close() {
    await this.context?.close();
    this.context = null;
    this.page = null;
    this.changed = false;
  }

  /** Notes a call whose effect stays with the page or context after the test (page.clock is the context's). */
  private watch<T extends object>(target: T, methods: Record<string, readonly string[]>): T {
    for (const [path, names] of Object.entries(methods)) {
      const owner = (path ? (target as Record<string, unknown>)[path] : target) as Record<string, (...args: unknown[]) => unknown>;
      for (const name of names) {
        const original = owner[name].bind(owner);
        owner[name] = (...args: unknown[]) => {
          this.changed = true;
          return original(...args);
        };
      }
    }
    return target;
  }
}

const CLOCK = ["install", "setFixedTime", "setSystemTime", "pauseAt", "fastForward", "runFor", "resume"] as const;
const CONTEXT_SETUP = { "": ["addInitScript", "exposeBinding", "exposeFunction", "setExtraHTTPHeaders", "setGeolocation", "setOffline"], clock: CLOCK };
const PAGE_SETUP = { "": ["addInitScript", "exposeBinding", "exposeFunction", "setExtraHTTPHeaders", "emulateMedia"] };

type Options = { allowedConsoleErrors: RegExp[]; allowCspViolations: boolean; freshPage: boolean };

/**
 * Any console error or uncaught exception in the browser fails the test. This wraps `page` itself
 * rather than being an automatic fixture, so a test that only speaks HTTP opens no browser page.
 */
/**
 * The worker's shared pages, one per set of context options: a file that sets its own (test.use, as
 * phone-width.spec.ts does for a 360 px phone) shares one page among its tests too, rather than
 * opening a context, a renderer and a cold cache for each of them.
 */
class SharedPages {
  private readonly pages = new Map<string, SharedPage>();
  constructor(private readonly open: (options: ContextOptions) => Promise<BrowserContext>) {}

  for(options: ContextOptions): SharedPage {
    const key = JSON.stringify(options);
    let shared = this.pages.get(key);
    if (!shared) this.pages.set(key, (shared = new SharedPage(() => this.open(options))));
    return shared;
  }

  async close() {
    for (const shared of this.pages.values()) await shared.close();
  }
}

export const test = base.extend<Options, { sharedPages: SharedPages }>({
  allowedConsoleErrors: [[], { option: true }],
  allowCspViolations: [false, { option: true }],
  // A test that watches a first visit (layout shift while everything loads, failed downloads) asks
  // for a page of its own. So does every test when a trace is recorded, since tracing follows the
  // contexts a test opens.
  freshPage: [!!process.env.E2E_TRACE, { option: true }],
  sharedPages: [
    async ({ browser }, provide) => {
      const shared = new SharedPages((options) => browser.newContext(options));
      await provide(shared);
      await shared.close();
    },
    { scope: "worker" },
  ],
  // Playwright's own request context, asking the server to close each connection after its answer.
  // It keeps idle connections and sends on them again, where a browser would retry a GET that
  // met a connection the server had just closed (its keep-alive ends after 5 s): a test that waits
  // about that long between two requests got ECONNRESET from a healthy server.
  request: async ({ playwright, baseURL, userAgent, extraHTTPHeaders }, provide) => {
    const request = await playwright.request.newContext({ baseURL, userAgent, extraHTTPHeaders: { ...extraHTTPHeaders, connection: "close" } });
    await provide(request);
    await request.dispose();
  },
  // `provide` is Playwright's `use`, renamed so React's hook lint does not mistake it for a hook.
  page: async (
    {
      browser,
      sharedPages,
      freshPage,
      allowedConsoleErrors,
      allowCspViolations,
      viewport,
      screen,
      userAgent,
      deviceScaleFactor,
      isMobile,
      hasTouch,
      javaScriptEnabled,
      locale,
      baseURL,
    },
    provide,
    testInfo,
  ) => {
    const options = contextOptions({ viewport, screen, userAgent, deviceScaleFactor, isMobile, hasTouch, javaScriptEnabled, locale, baseURL });
    const shared = freshPage ? null : sharedPages.for(options);
    const context = shared ? null : await browser.newContext(options);
    const page = shared ? await shared.take(viewport) : await context!.newPage();

    const errors: string[] = [];
    const cspViolations: string[] = [];
    page.on("console", (msg) => {
      // A failed load names no URL in its text; its location does.
      if (msg.type() === "error") errors.push(msg.location().url ? `${msg.text()} (${msg.location().url})` : msg.text());
      // Chromium reports every blocked script, style, image or connection here, with JS on or off.
      if (/Content Security Policy/i.test(msg.text())) cspViolations.push(msg.text());
    });
    page.on("pageerror", (err) => errors.push(err.message));
    await provide(page);
    // Playwright's own screenshot on failure covers only contexts opened during the test.
    if (!context && testInfo.status !== testInfo.expectedStatus && !page.isClosed()) {
      const shot = await page.screenshot({ timeout: 5_000 }).catch(() => null);
      if (shot) await testInfo.attach("screenshot", { body: shot, contentType: "image/png" });
    }
    if (context) await context.close();
    else await shared!.release(page);
    if (allowCspViolations) return;
    expect(cspViolations, "Content-Security-Policy violations").toEqual([]);
    const unexpected = errors.filter((e) => !allowedConsoleErrors.some((re) => re.test(e)));
    expect(unexpected, "browser console errors").toEqual([]);
  },
});

export const jsOn = (projectName: string) => !projectName.endsWith("js-off");

/**
 * A lead form's thank-you state, which takes the form's place once it was sent
 * (components/form/form-sent.tsx): its heading and the form's message (a key of common.json).
 */
export const thankYou = (page: Page, lang: Lang, messageKey: string) =>
  page
    .getByRole("status")
    .filter({ has: page.getByRole("heading", { name: translation(lang, "forms.sent.title") }) })
    .filter({ hasText: translation(lang, messageKey) });

/** The suite runs against `remix dev` (`npm run test:e2e:dev`) rather than the production build. */
export const DEV = process.env.E2E_DEV === "1";

/** What `npm run leads` prints for this run's embedded backend: how the provider reads leads. */
export function storedLeads(): { id: number; kind: string; receivedAt: string; payload: Record<string, unknown> }[] {
  const out = execFileSync(process.execPath, ["backend/build/leads.js"], {
    env: { ...process.env, DATA_DIR: E2E_DATA_DIR },
    encoding: "utf8",
  });
  return out
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line));
}

/**
 * Chooses in a country, dial-code or city field: a native select without JavaScript, the searchable
 * combobox it becomes once the page is interactive. `name` is what the visitor types and sees.
 */
export async function choose(page: Page, field: Locator, js: boolean, { value, name }: { value: string; name: string }) {
  if (!js) {
    await field.selectOption(value);
    return;
  }
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  await expect(field).toHaveAttribute("role", "combobox");
  await field.fill(name);
  const exact = new RegExp(`^(\\+\\d+ )?${name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`);
  await expect(page.getByRole("option", { name: exact }).first()).toHaveAttribute("aria-selected", "true");
  await field.press("Enter");
  await expect(field).toHaveAttribute("aria-expanded", "false");
  await expect(comboboxValue(field)).toHaveValue(value);
}

/** A country's name as the site lists it (the backend's source: CLDR through the runtime's ICU, backend/countries.ts). */
export function countryName(code: string, lang: Lang): string {
  return new Intl.DisplayNames([lang], { type: "region" }).of(code)!;
}

/** The value a combobox sends: its hidden input, named like the select it replaced. */
export const comboboxValue = (field: Locator) =>
  field.locator("xpath=ancestor::div[contains(concat(' ', @class, ' '), ' combobox ')][1]").locator("input[type=hidden]").first();

/**
 * The loader data of the page at `path` (its deepest route), as the browser's router loads it:
 * Remix's single fetch answers `/{path}.data` with every route's data in one turbo-stream.
 */
export async function loaderData(request: APIRequestContext, path: string) {
  const url = new URL(path, "http://site");
  url.pathname = url.pathname === "/" ? "/_root.data" : `${url.pathname.replace(/\/$/, "")}.data`;
  const res = await request.get(url.pathname + url.search);
  expect(res.status(), path).toBe(200);
  const decoded = await decodeTurboStream(new Response(new Uint8Array(await res.body())).body!);
  await decoded.done;
  const routes = Object.values(decoded.value as Record<string, { data?: unknown }>);
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the tests read each page's own shape
  return routes.at(-1)!.data as any;
}
