import { z } from "zod";

const emptyToUndefined = (v: unknown) => (v === "" ? undefined : v);

export const EnvSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    PORT: z.coerce.number().int().min(1).max(65535).default(3000),
    /** Absolute origin used in canonical and hreflang links. */
    SITE_URL: z.preprocess(emptyToUndefined, z.string().url().optional()),
    /** GA4 measurement id; without it no page view is reported anywhere. */
    GA_MEASUREMENT_ID: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .regex(/^G-[A-Z0-9]{4,}$/)
        .optional(),
    ),
    /** Where page views are sent; tests point it at a double on 127.0.0.1. */
    ANALYTICS_ORIGIN: z.preprocess(emptyToUndefined, z.string().url().default("https://www.google-analytics.com")),
    /** The provider's API. Unset: server.ts starts the embedded backend and hands its URL and credentials to the API client. */
    API_URL: z.preprocess(emptyToUndefined, z.string().url().optional()),
    /**
     * Where the site's mail goes (nodemailer's SMTP URL: `smtp://user:pass@host:587`, `smtps://…:465` for
     * TLS). Unset: mail is kept at /admin/mail and not sent (the embedded default needs no mail server).
     */
    SMTP_URL: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .regex(/^smtps?:\/\/\S+$/, "must be an smtp:// or smtps:// URL")
        .optional(),
    ),
    /** How many bulletin mails leave per minute at most (ADR 057): a large list is spread over minutes. */
    BULLETIN_MAILS_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(120),
    /**
     * The secret the mail service signs its bounce and complaint reports with (HMAC-SHA256, ADR 057).
     * Unset: the webhook is off (404).
     */
    MAIL_WEBHOOK_SECRET: z.preprocess(emptyToUndefined, z.string().min(16).max(500).optional()),
    /** The mail's From (`Clinic <no-reply@example.com>`); no-reply@ the site's host by default. */
    MAIL_FROM: z.preprocess(emptyToUndefined, z.string().max(200).optional()),
    /** The mail's Reply-To, where a staff member's answer to an automatic mail should go; none by default. */
    MAIL_REPLY_TO: z.preprocess(emptyToUndefined, z.string().max(200).optional()),
    /**
     * When, on the clinic's clock (Istanbul), each day's digest of overdue follow-ups is made (`HH:MM`,
     * 24-hour), or `off`. An instance started later that day makes it then; one digest a day in all.
     */
    MAIL_DIGEST_AT: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .regex(/^(([01]\d|2[0-3]):[0-5]\d|off)$/, "must be HH:MM (24-hour, the clinic's time) or off")
        .default("08:00"),
    ),
    /** The identity server for tokens; defaults to API_URL. */
    IDENTITY_URL: z.preprocess(emptyToUndefined, z.string().url().optional()),
    CLIENT_ID: z.preprocess(emptyToUndefined, z.string().optional()),
    CLIENT_SECRET: z.preprocess(emptyToUndefined, z.string().optional()),
    API_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5000),
    /** An API answer larger than this is not read (a failure of the API, as a timeout is). */
    API_MAX_RESPONSE_BYTES: z.coerce
      .number()
      .int()
      .min(1024)
      .max(256 * 1024 * 1024)
      .default(8 * 1024 * 1024),
    /** Where the embedded backend's SQLite (and later the outbox) live. */
    DATA_DIR: z.preprocess(emptyToUndefined, z.string().default("data")),
    /**
     * Days a delivered lead's row (already without personal data), a lead the API refused and a damaged
     * outbox file set aside are kept before they are deleted (ADR 030).
     */
    OUTBOX_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
    /** First-party page views (ADR 050): per minute per client IP and per visitor id, before anything is queued for the API. */
    ANALYTICS_EVENTS_PER_MINUTE: z.coerce.number().int().min(1).default(60),
    /** The embedded backend's global cap on page views stored per clinic day, so a flood cannot fill the disk. */
    ANALYTICS_MAX_EVENTS_PER_DAY: z.coerce.number().int().min(1).default(200_000),
    /** Months the embedded backend keeps raw page views (the daily roll-ups stay), and counted downloads with their visitor ids (ADR 052). */
    ANALYTICS_RETENTION_MONTHS: z.coerce.number().int().min(1).max(120).default(13),
    /**
     * The lead outbox in PostgreSQL (`postgres://user:password@host:5432/db`, `?sslmode=require` for
     * TLS), shared by every instance; unset, a SQLite file in DATA_DIR for one instance (ADR 039).
     */
    OUTBOX_DATABASE_URL: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .regex(/^postgres(ql)?:\/\/\S+$/, "must be a postgres:// URL")
        .optional(),
    ),
    /** Redis (`redis://`, `rediss://` for TLS) for what instances share: rate limits, used form stamps, change notices (ADR 039). */
    REDIS_URL: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .regex(/^rediss?:\/\/\S+$/, "must be a redis:// or rediss:// URL")
        .optional(),
    ),
    /** What this site's Redis keys and channel start with, for a Redis other services use too. */
    REDIS_PREFIX: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .regex(/^[\w:.-]{1,64}$/, "may hold letters, digits and _ : . - (at most 64)")
        .default("istanbul-care:"),
    ),
    /**
     * Web push's VAPID key pair (base64url, as web-push's generateVAPIDKeys gives them) and the
     * contact the push services may write to (mailto: or https:), the same on every instance (ADR
     * 058). All three or none; none on the embedded default: made once and kept in DATA_DIR.
     */
    VAPID_PUBLIC_KEY: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .regex(/^[A-Za-z0-9_-]{87}$/, "is a P-256 public key in base64url (87 characters)")
        .optional(),
    ),
    VAPID_PRIVATE_KEY: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .regex(/^[A-Za-z0-9_-]{43}$/, "is a P-256 private key in base64url (43 characters)")
        .optional(),
    ),
    VAPID_SUBJECT: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .regex(/^(mailto:\S+@\S+|https:\/\/\S+)$/, "is a mailto: or https: URL")
        .optional(),
    ),
    /**
     * Lets web push send to http://127.0.0.1 endpoints (a test's local receiver). Tests only: a real
     * push service's endpoint is https at a known push service (push-endpoint.ts).
     */
    PUSH_LOOPBACK_ENDPOINTS: z.preprocess(emptyToUndefined, z.enum(["0", "1"]).optional()).transform((v) => v === "1"),
    /** Signs CSRF tokens and seeds the honeypot; several instances behind one site must share it. */
    FORM_SECRET: z.preprocess(emptyToUndefined, z.string().min(32).optional()),
    /** Which proxies' X-Forwarded-* headers to believe (express "trust proxy"): false, true, a hop count, or addresses/subnets. */
    TRUST_PROXY: z.preprocess(emptyToUndefined, z.string().default("false").transform(parseTrustProxy)),
    LOG_LEVEL: z.preprocess(emptyToUndefined, z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info")),
    /** Requests per minute per client IP (pages and data; static files are not counted). */
    RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(300),
    /** Form submissions per minute per client IP. */
    RATE_LIMIT_POSTS_PER_MINUTE: z.coerce.number().int().min(1).default(10),
    /** Browser error reports per minute per client IP (a tier of its own: a broken page must not use up a visitor's form posts). */
    RATE_LIMIT_ERRORS_PER_MINUTE: z.coerce.number().int().min(1).default(30),
    /** A lead form sent sooner than this after it was rendered is a bot's: refused, the form comes back. */
    FORM_MIN_FILL_SECONDS: z.coerce.number().int().min(0).max(60).default(2),
    /** How long a page rendered for a first-time visitor is reused for the next ones; 0 turns it off. */
    PAGE_CACHE_SECONDS: z.coerce.number().int().min(0).max(3600).default(30),
    /** /metrics on its own port (on METRICS_HOST); unset, /metrics is only on the site's port, and only with METRICS_TOKEN. */
    METRICS_PORT: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(65535).optional()),
    METRICS_HOST: z.preprocess(emptyToUndefined, z.string().default("127.0.0.1")),
    /** A bearer token that opens /metrics on the site's own port; without it (and without METRICS_PORT) /metrics answers 404. */
    METRICS_TOKEN: z.preprocess(emptyToUndefined, z.string().min(16).optional()),
    /** How long a shutdown may wait for requests in flight before it cuts them. */
    SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(100).default(25_000),
    /**
     * Permission to run the stand-in backend (demo content, leads kept in a local file) when API_URL is
     * unset. `npm start` and `npm run dev` give it; the Docker image does not, so a deploy that forgets
     * API_URL stops with one line instead of serving demo content.
     */
    /** The embedded default's first owner, made at start-up when it has no staff yet (the password: at least 12 characters). */
    ADMIN_EMAIL: z.preprocess(emptyToUndefined, z.string().email().optional()),
    ADMIN_PASSWORD: z.preprocess(emptyToUndefined, z.string().min(12, "needs at least 12 characters").optional()),
    /** The first owner's name as colleagues read it (assignee lists, versions, the audit log). */
    ADMIN_NAME: z.preprocess(emptyToUndefined, z.string().trim().min(1).max(120).optional()),
    /** A back-office session ends after this long without a request… */
    ADMIN_IDLE_MINUTES: z.coerce
      .number()
      .int()
      .min(1)
      .max(24 * 60)
      .default(30),
    /** …and this long after sign-in, whatever happens. */
    ADMIN_SESSION_HOURS: z.coerce
      .number()
      .min(0.01)
      .max(24 * 7)
      .default(12),
    EMBEDDED_BACKEND: z.preprocess(emptyToUndefined, z.enum(["0", "1", "false", "true"]).optional()).transform((v) => v === "1" || v === "true"),
  })
  .superRefine((env, ctx) => {
    if (!env.API_URL && !env.EMBEDDED_BACKEND) {
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        path: ["API_URL"],
        message:
          "is not set: set API_URL, CLIENT_ID and CLIENT_SECRET for the provider's API, or EMBEDDED_BACKEND=1 to run the stand-in backend with demo content (never in production)",
      });
    }
    // Instances that share a queue and limits must also open each other's forms, sessions and cookies.
    if ((env.OUTBOX_DATABASE_URL || env.REDIS_URL) && !env.FORM_SECRET) {
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        path: ["FORM_SECRET"],
        message: "is required when OUTBOX_DATABASE_URL or REDIS_URL is set: give every instance the same one (at least 32 characters)",
      });
    }
    const vapid = [env.VAPID_PUBLIC_KEY, env.VAPID_PRIVATE_KEY, env.VAPID_SUBJECT].filter(Boolean).length;
    if (vapid > 0 && vapid < 3) {
      for (const name of ["VAPID_PUBLIC_KEY", "VAPID_PRIVATE_KEY", "VAPID_SUBJECT"] as const) {
        if (!env[name]) ctx.addIssue({ code: z.ZodIssueCode.custom, path: [name], message: "is required with the other VAPID_ settings" });
      }
    }
    if (!env.API_URL) return;
    for (const name of ["CLIENT_ID", "CLIENT_SECRET"] as const) {
      if (!env[name]) ctx.addIssue({ code: z.ZodIssueCode.custom, path: [name], message: "is required when API_URL is set" });
    }
    // Instances of an external API share their push subscribers, and a browser's subscription is
    // bound to the key it was made with: one pair for all, never one made per instance (ADR 058).
    if (vapid === 0) {
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        path: ["VAPID_PUBLIC_KEY"],
        message:
          "is required when API_URL is set, with VAPID_PRIVATE_KEY and VAPID_SUBJECT, the same on every instance (npx web-push generate-vapid-keys makes a pair)",
      });
    }
  });

export type Env = z.infer<typeof EnvSchema>;

/** express's "trust proxy" from text: "true"/"false", a hop count, or a comma-separated list of addresses or subnets. */
function parseTrustProxy(value: string): boolean | number | string[] {
  const v = value.trim().toLowerCase();
  if (v === "true") return true;
  if (v === "false" || v === "0") return false;
  if (/^\d+$/.test(v)) return Number(v);
  return value
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
}

/** Reads the environment once; a bad variable ends the process with one line that names it. */
export function parseEnv(source: NodeJS.ProcessEnv): Env {
  const result = EnvSchema.safeParse(source);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  throw new Error(`Invalid environment variable ${issue.path.join(".")}: ${issue.message}`);
}
