import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import countries from "i18n-iso-countries";
import { test as base, expect, type APIRequestContext, type Locator, type Page } from "@playwright/test";
import AxeBuilder from "@axe-core/playwright";
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
export const PAGES = table.pages as TablePage[];

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

export async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    // options() replaces what withTags() set, so it comes first. Only violations are read: axe then
    // skips collecting the passing nodes.
    .options({ resultTypes: ["violations"] })
    .withTags(["wcag2a", "wcag2aa", "wcag21aa", "wcag22aa"])
    .analyze();
  const summary = results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
  expect(summary, `axe violations on ${page.url()}`).toEqual([]);
}

/**
 * Any console error or uncaught exception in the browser fails the test. This wraps `page` itself
 * rather than being an automatic fixture, so a test that only speaks HTTP opens no browser page.
 */
export const test = base.extend<{ allowedConsoleErrors: RegExp[]; allowCspViolations: boolean }>({
  allowedConsoleErrors: [[], { option: true }],
  allowCspViolations: [false, { option: true }],
  // `provide` is Playwright's `use`, renamed so React's hook lint does not mistake it for a hook.
  page: async ({ page, allowedConsoleErrors, allowCspViolations }, provide) => {
    const errors: string[] = [];
    const cspViolations: string[] = [];
    page.on("console", (msg) => {
      if (msg.type() === "error") errors.push(msg.text());
      // Chromium reports every blocked script, style, image or connection here, with JS on or off.
      if (/Content Security Policy/i.test(msg.text())) cspViolations.push(msg.text());
    });
    page.on("pageerror", (err) => errors.push(err.message));
    await provide(page);
    if (allowCspViolations) return;
    expect(cspViolations, "Content-Security-Policy violations").toEqual([]);
    const unexpected = errors.filter((e) => !allowedConsoleErrors.some((re) => re.test(e)));
    expect(unexpected, "browser console errors").toEqual([]);
  },
});

export const jsOn = (projectName: string) => projectName !== "js-off";

/** The suite runs against `remix dev` (`npm run test:e2e:dev`) rather than the production build. */
export const DEV = process.env.E2E_DEV === "1";

/** What `npm run leads` prints for this run's embedded backend: how the provider reads leads. */
export function storedLeads(): { id: number; kind: string; receivedAt: string; payload: Record<string, unknown> }[] {
  const out = execFileSync(process.execPath, ["backend/build/leads.js"], {
    env: { ...process.env, DATA_DIR: E2E_DATA_DIR },
    encoding: "utf8",
  });
  return out.split("\n").filter(Boolean).map((line) => JSON.parse(line));
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

const require = createRequire(import.meta.url);
/** A country's name as the site lists it (the backend's source: i18n-iso-countries, official names). */
export function countryName(code: string, lang: Lang): string {
  countries.registerLocale(require(`i18n-iso-countries/langs/${lang}.json`));
  return countries.getName(code, lang, { select: "official" })!;
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
