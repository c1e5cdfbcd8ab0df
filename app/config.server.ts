import { z } from "zod";

const emptyToUndefined = (v: unknown) => (v === "" ? undefined : v);

export const EnvSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  /** Absolute origin used in canonical and hreflang links. */
  SITE_URL: z.preprocess(emptyToUndefined, z.string().url().optional()),
  /** GA4 measurement id; without it no page view is reported anywhere. */
  GA_MEASUREMENT_ID: z.preprocess(emptyToUndefined, z.string().regex(/^G-[A-Z0-9]{4,}$/).optional()),
  /** Where page views are sent; tests point it at a double on 127.0.0.1. */
  ANALYTICS_ORIGIN: z.preprocess(emptyToUndefined, z.string().url().default("https://www.google-analytics.com")),
});

export type Env = z.infer<typeof EnvSchema>;

/** Reads the environment once; a bad variable ends the process with one line that names it. */
export function parseEnv(source: NodeJS.ProcessEnv): Env {
  const result = EnvSchema.safeParse(source);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  throw new Error(`Invalid environment variable ${issue.path.join(".")}: ${issue.message}`);
}

const env = parseEnv(process.env);

export const config = {
  ...env,
  siteUrl: (env.SITE_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, ""),
  secureCookies: env.NODE_ENV === "production" && (env.SITE_URL ?? "").startsWith("https:"),
  analytics: env.GA_MEASUREMENT_ID
    ? { measurementId: env.GA_MEASUREMENT_ID, origin: new URL(env.ANALYTICS_ORIGIN).origin }
    : null,
};
