import { defineConfig, devices } from "@playwright/test";
import { ANALYTICS_PORT, E2E_DEV_PORT, E2E_PORT, e2eEnv } from "./tests/support/e2e-env.mjs";
import { productionNodeOptions } from "./scripts/production-node-options.mjs";

/** `npm run test:e2e:dev`: the same suite against `remix dev` (scripts/dev-test.mjs) instead of the production build. */
export const DEV = process.env.E2E_DEV === "1";
const PORT = Number(process.env.E2E_PORT ?? (DEV ? E2E_DEV_PORT : E2E_PORT));
// Or at a site running elsewhere (a preview deploy) with E2E_BASE_URL; then nothing is started here.
const external = process.env.E2E_BASE_URL;
const baseURL = external ?? `http://127.0.0.1:${PORT}`;

// Debian's Chromium; the suite never downloads a browser. The flags keep it off the closed network.
const launchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
  ],
};

/**
 * Pages that read the same with or without JavaScript and lay out like the others on a phone: their
 * behaviour runs once, at desktop size with JavaScript (axe still checks each of them on a phone).
 */
const CONTENT_SPECS = ["**/doctors.spec.ts", "**/treatments.spec.ts", "**/blog.spec.ts", "**/deals.spec.ts", "**/testimonials.spec.ts"];

/**
 * Tests that publish content (a post at the top of every blog list, a new slider image on home)
 * change what the content specs compare with the seed. They carry @publishes (and @no-js for the
 * one without JavaScript) and run in projects of their own once every other test is done; the
 * projects they follow leave them out. Those projects' dependencies run whole whatever the command
 * line names: to run only the publishing tests, add --no-deps.
 */
const PUBLISHES = /@publishes/;
const NO_JS = /@no-js/;
const DESKTOP = { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 860 }, launchOptions };

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  workers: process.env.CI ? 2 : 3,
  retries: 0,
  forbidOnly: !!process.env.CI,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // scripts/test-all runs the publishing projects apart, into a report of their own (E2E_JSON).
  reporter: [["list"], ["json", { outputFile: process.env.E2E_JSON ?? ".test-results/playwright.json" }]],
  // A trace of every test cost 15% of the suite's CPU (3 specs: 227 s with, 194 s without), so it is
  // off unless asked for (E2E_TRACE=retain-on-failure); a failure still leaves a screenshot and the
  // page's snapshot in error-context.md.
  use: {
    baseURL,
    launchOptions,
    trace: (process.env.E2E_TRACE as "retain-on-failure" | undefined) ?? "off",
    screenshot: "only-on-failure",
    locale: "en-GB",
  },
  projects: [
    // Each project runs the specs that mean something for it: HTTP-only checks run once,
    // axe runs at desktop and phone sizes, behaviour runs with JavaScript on and off.
    // The phone width check sets its own narrow viewport and needs no JavaScript: js-off runs it.
    { name: "js-on", grepInvert: PUBLISHES, testIgnore: ["**/phone-width.spec.ts"], use: DESKTOP },
    {
      name: "js-off",
      grepInvert: PUBLISHES,
      testIgnore: [
        "**/routing.spec.ts",
        "**/axe.spec.ts",
        "**/admin-axe.spec.ts",
        "**/admin-content.spec.ts",
        "**/translations-load.spec.ts",
        "**/security-headers.spec.ts",
        // Web push needs JavaScript in the visitor's browser (ADR 058).
        "**/web-push.spec.ts",
        ...CONTENT_SPECS,
      ],
      use: { ...DESKTOP, javaScriptEnabled: false },
    },
    {
      name: "phone",
      grepInvert: PUBLISHES,
      testIgnore: [
        "**/routing.spec.ts",
        "**/language-switch.spec.ts",
        "**/consent.spec.ts",
        "**/translations-load.spec.ts",
        "**/security-headers.spec.ts",
        ...CONTENT_SPECS,
        // The back office's behaviour runs at desktop size; on a phone, axe and the width checks (admin-axe, -ops, -settings).
        "**/admin-shell.spec.ts",
        "**/admin-leads.spec.ts",
        "**/phone-width.spec.ts",
        "**/web-push.spec.ts",
      ],
      use: { ...devices["Pixel 7"], launchOptions },
    },
    { name: "publish-js-on", grep: PUBLISHES, grepInvert: NO_JS, dependencies: ["js-on", "js-off", "phone"], use: DESKTOP },
    { name: "publish-js-off", grep: NO_JS, dependencies: ["js-on", "js-off", "phone"], use: { ...DESKTOP, javaScriptEnabled: false } },
  ],
  webServer: external
    ? undefined
    : [
        {
          command: `node tests/support/analytics-double.mjs`,
          url: `http://127.0.0.1:${ANALYTICS_PORT}/__health`,
          env: { PORT: String(ANALYTICS_PORT) },
          reuseExistingServer: false,
        },
        {
          // The dev server keeps running between runs when a developer started it with `npm run dev:test`.
          command: DEV ? "node scripts/dev-test.mjs" : `node ${productionNodeOptions().join(" ")} build/server.js`,
          url: `${baseURL}/healthz`,
          env: e2eEnv({ port: PORT, dev: DEV }),
          reuseExistingServer: DEV,
          // remix dev compiles everything before it answers.
          timeout: DEV ? 180_000 : 60_000,
        },
      ],
});
