import { randomUUID } from "node:crypto";
import type { RequestHandler } from "express";
import { pinoHttp } from "pino-http";
import { requestContext, type Logger } from "~/lib/platform/logger.server";

const QUIET = /^\/(healthz|readyz|metrics)$|^\/(build|locales|media|images|flags)\//;
// An id from a trusted edge is kept so one request can be followed across services.
const VALID_ID = /^[\w.:-]{8,128}$/;

/**
 * The address as logged: a search's words (`q`, the leads inbox's search for a name, an address or a
 * phone) are left out, since a log line outlives the lead's erasure (ADR 030).
 */
export function loggedUrl(url: string): string {
  const at = url.indexOf("?");
  if (at < 0 || !/(^|&)q=/.test(url.slice(at + 1))) return url;
  const query = url
    .slice(at + 1)
    .split("&")
    .map((pair) => (pair.startsWith("q=") ? "q=[search]" : pair))
    .join("&");
  return `${url.slice(0, at)}?${query}`;
}

/**
 * One JSON line per request (health checks and static files left out), with a request id that
 * is echoed in X-Request-Id and attached to every log line the request causes.
 */
export function requestLog(logger: Logger): RequestHandler[] {
  const assignId: RequestHandler = (req, res, next) => {
    const incoming = req.get("x-request-id");
    const id = incoming && VALID_ID.test(incoming) ? incoming : randomUUID();
    res.setHeader("X-Request-Id", id);
    (req as unknown as { id: string }).id = id;
    requestContext.run({ requestId: id }, next);
  };
  const http = pinoHttp({
    logger,
    genReqId: (req) => (req as unknown as { id: string }).id,
    autoLogging: { ignore: (req) => QUIET.test((req.url ?? "").split("?")[0]) },
    customLogLevel: (_req, res, err) => (err || res.statusCode >= 500 ? "error" : res.statusCode >= 400 ? "warn" : "info"),
    serializers: {
      req: (req: { id: string; method: string; url: string; remoteAddress?: string }) => ({
        id: req.id,
        method: req.method,
        url: loggedUrl(req.url),
        remoteAddress: req.remoteAddress,
      }),
      res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
    },
  });
  return [assignId, http];
}
