import { defineConfig, devices } from "@playwright/test";

const PORT = Number(process.env.E2E_PORT ?? 3100);
/** The embedded backend's and the outbox's data for this run; tests read leads from it. */
export const E2E_DATA_DIR = process.env.E2E_DATA_DIR ?? ".test-results/e2e-data";
export const ANALYTICS_PORT = Number(process.env.E2E_ANALYTICS_PORT ?? 3199);
// Developers can point the suite at a running `npm run dev` with E2E_BASE_URL.
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

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  workers: process.env.CI ? 2 : 3,
  retries: 0,
  forbidOnly: !!process.env.CI,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [["list"], ["json", { outputFile: ".test-results/playwright.json" }]],
  use: { baseURL, launchOptions, trace: "retain-on-failure", locale: "en-GB" },
  projects: [
    // Each project runs the specs that mean something for it: HTTP-only checks run once,
    // axe runs at desktop and phone sizes, behaviour runs with JavaScript on and off.
    { name: "js-on", use: { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 860 }, launchOptions } },
    {
      name: "js-off",
      testIgnore: ["**/routing.spec.ts", "**/axe.spec.ts", "**/translations-load.spec.ts", "**/security-headers.spec.ts"],
      use: { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 860 }, javaScriptEnabled: false, launchOptions },
    },
    {
      name: "phone",
      testIgnore: ["**/routing.spec.ts", "**/language-switch.spec.ts", "**/consent.spec.ts", "**/translations-load.spec.ts", "**/security-headers.spec.ts"],
      use: { ...devices["Pixel 7"], launchOptions },
    },
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
          command: "node build/server.js",
          url: `${baseURL}/healthz`,
          env: {
            NODE_ENV: "production",
            PORT: String(PORT),
            SITE_URL: baseURL,
            GA_MEASUREMENT_ID: "G-E2ETEST01",
            ANALYTICS_ORIGIN: `http://127.0.0.1:${ANALYTICS_PORT}`,
            DATA_DIR: E2E_DATA_DIR,
            // The whole suite posts from one address: relaxed limits here, the real tiers are tested on their own.
            RATE_LIMIT_PER_MINUTE: "100000",
            RATE_LIMIT_POSTS_PER_MINUTE: "100000",
            // Playwright fills a form faster than a person can; the minimum fill time has its own test.
            FORM_MIN_FILL_SECONDS: "0",
            LOG_LEVEL: "warn",
          },
          reuseExistingServer: false,
          timeout: 60_000,
        },
      ],
});
