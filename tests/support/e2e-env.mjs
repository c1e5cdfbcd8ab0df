// The environment the browser suite runs the site in, for the production build and for `remix dev`
// alike (playwright.config.ts and scripts/dev-test.mjs), so that both answer the tests the same way.
export const E2E_DEV_PORT = 3200;
export const E2E_PORT = 3100;
export const ANALYTICS_PORT = Number(process.env.E2E_ANALYTICS_PORT ?? 3199);
/** The embedded backend's and the outbox's data for a run; tests read leads from it. */
export const E2E_DATA_DIR = process.env.E2E_DATA_DIR ?? ".test-results/e2e-data";

/** The back office's first owner, made by the site at start-up (ADMIN_EMAIL, ADMIN_PASSWORD, ADMIN_NAME). */
export const E2E_ADMIN = { email: "owner@e2e.test", password: "e2e-owner-password-1234", name: "Ayşe Demir" };

export function e2eEnv({ port, dev }) {
  const origin = `http://127.0.0.1:${port}`;
  return {
    NODE_ENV: dev ? "development" : "production",
    PORT: String(port),
    SITE_URL: origin,
    GA_MEASUREMENT_ID: "G-E2ETEST01",
    ANALYTICS_ORIGIN: `http://127.0.0.1:${ANALYTICS_PORT}`,
    DATA_DIR: E2E_DATA_DIR,
    EMBEDDED_BACKEND: "1",
    // The whole suite posts from one address: relaxed limits here, the real tiers are tested on their own.
    RATE_LIMIT_PER_MINUTE: "100000",
    RATE_LIMIT_POSTS_PER_MINUTE: "100000",
    RATE_LIMIT_ERRORS_PER_MINUTE: "100000",
    // Playwright fills a form faster than a person can; the minimum fill time has its own test.
    FORM_MIN_FILL_SECONDS: "0",
    LOG_LEVEL: "warn",
    // Web push to the test's own receiver on loopback (web-push.spec.ts); a real site sends only to push services (ADR 058).
    PUSH_LOOPBACK_ENDPOINTS: "1",
    ADMIN_EMAIL: E2E_ADMIN.email,
    ADMIN_PASSWORD: E2E_ADMIN.password,
    ADMIN_NAME: E2E_ADMIN.name,
  };
}
