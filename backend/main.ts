// `npm run backend`: the embedded API on its own, for running the site against a separate API.
import { z } from "zod";
import { isDamagedDatabase } from "../app/lib/platform/sqlite.server";
import { startBackend } from "./index";

const env = z
  .object({
    BACKEND_PORT: z.coerce.number().int().min(1).max(65535).default(4000),
    BACKEND_HOST: z.string().default("127.0.0.1"),
    BACKEND_CLIENT_ID: z.string().min(1, "BACKEND_CLIENT_ID is required"),
    BACKEND_CLIENT_SECRET: z.string().min(16, "BACKEND_CLIENT_SECRET needs at least 16 characters"),
    BACKEND_TOKEN_TTL_SECONDS: z.coerce.number().int().min(5).default(3600),
    DATA_DIR: z.string().default("data"),
    /** The first owner, made at start-up when the backend has no staff yet (as ADMIN_EMAIL/ADMIN_PASSWORD do for the embedded default). */
    BACKEND_ADMIN_EMAIL: z.string().email().optional(),
    BACKEND_ADMIN_PASSWORD: z.string().min(12, "BACKEND_ADMIN_PASSWORD needs at least 12 characters").optional(),
    BACKEND_ADMIN_NAME: z.string().trim().min(1).max(120).optional(),
    /** Wraps two-factor secrets at rest (ADR 047); without it they are stored as they are. */
    BACKEND_SECRET_KEY: z.string().min(32, "BACKEND_SECRET_KEY needs at least 32 characters").optional(),
    /** First-party analytics (ADR 050): page views stored per clinic day, all visitors together, and months raw events are kept. */
    ANALYTICS_MAX_EVENTS_PER_DAY: z.coerce.number().int().min(1).default(200_000),
    ANALYTICS_RETENTION_MONTHS: z.coerce.number().int().min(1).max(120).default(13),
  })
  .safeParse(process.env);

if (!env.success) {
  const issue = env.error.issues[0];
  console.error(`Invalid environment variable ${issue.path.join(".")}: ${issue.message}`);
  process.exit(1);
}

const backend = await startBackend({
  dataDir: env.data.DATA_DIR,
  clientId: env.data.BACKEND_CLIENT_ID,
  clientSecret: env.data.BACKEND_CLIENT_SECRET,
  tokenTtlSeconds: env.data.BACKEND_TOKEN_TTL_SECONDS,
  port: env.data.BACKEND_PORT,
  host: env.data.BACKEND_HOST,
  secretKey: env.data.BACKEND_SECRET_KEY,
  analytics: { maxEventsPerDay: env.data.ANALYTICS_MAX_EVENTS_PER_DAY, retentionMonths: env.data.ANALYTICS_RETENTION_MONTHS },
  admin:
    env.data.BACKEND_ADMIN_EMAIL && env.data.BACKEND_ADMIN_PASSWORD
      ? { email: env.data.BACKEND_ADMIN_EMAIL, password: env.data.BACKEND_ADMIN_PASSWORD, name: env.data.BACKEND_ADMIN_NAME }
      : undefined,
}).catch((error: unknown) => {
  // A damaged backend.sqlite: one line that says what to do, not a stack trace.
  if (!isDamagedDatabase(error)) throw error;
  console.error(error.message);
  process.exit(1);
});
console.log(`Backend listening on ${backend.url} (data in ${env.data.DATA_DIR})`);
const { cleaned, removed, left } = backend.photoCleaning;
if (cleaned + removed + left > 0) {
  console.log(`Job-application photos stored before re-encoding: ${cleaned} cleaned, ${removed} removed (no picture), ${left} left for the next start`);
}
for (const signal of ["SIGTERM", "SIGINT"] as const) {
  process.on(signal, () => backend.close().then(() => process.exit(0)));
}
