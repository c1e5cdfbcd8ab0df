import { randomBytes } from "node:crypto";
import { parseEnv } from "~/lib/env.server";

const env = parseEnv(process.env);

export const config = {
  ...env,
  siteUrl: (env.SITE_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, ""),
  // One process on its own may make its secret at start-up; forms it rendered then stop working on restart.
  formSecret: env.FORM_SECRET ?? randomBytes(32).toString("hex"),
  secureCookies: env.NODE_ENV === "production" && (env.SITE_URL ?? "").startsWith("https:"),
  analytics: env.GA_MEASUREMENT_ID
    ? { measurementId: env.GA_MEASUREMENT_ID, origin: new URL(env.ANALYTICS_ORIGIN).origin }
    : null,
};
