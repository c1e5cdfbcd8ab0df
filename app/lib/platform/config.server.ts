import { randomBytes } from "node:crypto";
import type { Env } from "~/lib/platform/env.server";

/**
 * What the site's own code needs of the environment, made once by server.ts from what it parsed
 * (env.server.ts): the Remix build gets it through the load context (`context.config`) and through
 * the services made from it (services.server.ts), never by reading the environment itself. So one
 * process has one form secret, even when FORM_SECRET is unset and it is drawn here (ADR 034).
 */
export function configFrom(env: Env) {
  return {
    /** Absolute origin of canonical, hreflang and schema.org links, the sitemap and the page-view URL. */
    siteUrl: (env.SITE_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, ""),
    // One process on its own may make its secret at start-up; forms it rendered then stop working on restart.
    formSecret: env.FORM_SECRET ?? randomBytes(32).toString("hex"),
    formMinFillSeconds: env.FORM_MIN_FILL_SECONDS,
    secureCookies: env.NODE_ENV === "production" && (env.SITE_URL ?? "").startsWith("https:"),
    analytics: env.GA_MEASUREMENT_ID ? { measurementId: env.GA_MEASUREMENT_ID, origin: new URL(env.ANALYTICS_ORIGIN).origin } : null,
  };
}

export type Config = ReturnType<typeof configFrom>;
