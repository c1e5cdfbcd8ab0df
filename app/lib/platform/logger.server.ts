import { AsyncLocalStorage } from "node:async_hooks";
import { pino, type Logger } from "pino";

export type { Logger };

interface RequestContext {
  requestId: string;
  /**
   * When this request's API calls must be done (epoch ms), set by its first call: the token call and
   * every content read of one page share API_TIMEOUT_MS, so a page waits that long at most.
   */
  apiDeadline?: number;
  /** Background work (the outbox): no page waits on it, so each API call gets the whole timeout. */
  background?: boolean;
}

/**
 * The request being served, so every log line it causes (API calls, outbox) carries its id. The
 * request log (server.ts) runs each request in it, and the logger, the API client and the outbox that
 * server.ts created read it. Routes reach those through their load context, never through this module.
 */
export const requestContext = new AsyncLocalStorage<RequestContext>();

/** Secrets never reach the logs, however they get into a logged object. */
export const REDACT_PATHS = [
  "req.headers.cookie",
  "req.headers.authorization",
  'req.headers["x-csrf-token"]',
  'res.headers["set-cookie"]',
  "*.clientSecret",
  "*.client_secret",
  "*.CLIENT_SECRET",
  "*.FORM_SECRET",
  "*.access_token",
  "*.token",
  "*.authorization",
  "*.password",
];

type Level = "fatal" | "error" | "warn" | "info" | "debug" | "trace" | "silent";

/** One JSON logger per process, made by server.ts at start-up (tests make their own). */
export function createLogger(destination?: pino.DestinationStream, level: Level = "info"): Logger {
  return pino(
    {
      level,
      base: { service: "remed-site" },
      timestamp: pino.stdTimeFunctions.isoTime,
      redact: { paths: REDACT_PATHS, censor: "[redacted]" },
      mixin() {
        const store = requestContext.getStore();
        return store ? { reqId: store.requestId } : {};
      },
    },
    destination,
  );
}
