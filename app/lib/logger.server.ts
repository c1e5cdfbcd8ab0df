import { AsyncLocalStorage } from "node:async_hooks";
import { pino, type Logger } from "pino";

interface RequestContext {
  requestId: string;
  /** Set when a content read failed during this request: its page must not be kept whole. */
  contentFailed?: boolean;
  /**
   * When this request's API calls must be done (epoch ms), set by its first call: the token call and
   * every content read of one page share API_TIMEOUT_MS, so a page waits that long at most.
   */
  apiDeadline?: number;
  /** Background work (the outbox): no page waits on it, so each API call gets the whole timeout. */
  background?: boolean;
}

declare global {
  // server.ts and the Remix build are separate bundles: both must share one logger and one request context.
  var __requestContext: AsyncLocalStorage<RequestContext> | undefined;
  var __logger: Logger | undefined;
}

/** The request being served, so every log line it causes (API calls, outbox) carries its id. */
export const requestContext: AsyncLocalStorage<RequestContext> = (globalThis.__requestContext ??= new AsyncLocalStorage());

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

export function createLogger(destination?: pino.DestinationStream): Logger {
  return pino(
    {
      level: "info",
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

/** One JSON logger per process; server.ts sets its level from LOG_LEVEL at start-up. */
export const logger: Logger = (globalThis.__logger ??= createLogger());
