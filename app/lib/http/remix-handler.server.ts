import { createRequestHandler, writeReadableStreamToWritable, type ServerBuild } from "@remix-run/node";
import type { Request as ExpressRequest, RequestHandler, Response as ExpressResponse } from "express";
import type { GuardedBody } from "~/lib/http/body-guard.server";
import { refusalOf } from "~/lib/http/refusal.server";
import { wholeBodyOf } from "~/lib/http/whole-body.server";
import { isCrossSite, requestHost } from "~/lib/http/origin.server";
import type { SiteContext } from "~/lib/load-context.server";

function remixHeaders(req: ExpressRequest): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    for (const one of Array.isArray(value) ? value : [value]) headers.append(name, one);
  }
  // Remix compares these before any action (see below); the site has judged them already.
  headers.delete("origin");
  headers.delete("x-forwarded-host");
  return headers;
}

async function sendResponse(res: ExpressResponse, response: Response) {
  res.statusMessage = response.statusText;
  res.status(response.status);
  for (const [name, value] of response.headers.entries()) res.append(name, value);
  const whole = wholeBodyOf(response);
  // Its length is known: the answer need not be chunked (compression drops it when it encodes).
  if (whole) res.setHeader("Content-Length", whole.byteLength).end(whole);
  else if (response.body) await writeReadableStreamToWritable(response.body, res);
  else res.end();
}

/**
 * express → Remix, in place of @remix-run/express's createRemixRequest, for three reasons:
 * - its URL is built from whatever Host or X-Forwarded-Host says (trusted or not), so a Host carrying
 *   a path changed the page served; here the host was checked (request-target.server.ts) and
 *   X-Forwarded-Host only counts behind a trusted proxy;
 * - Remix compares Origin with that host before any action and answers a blank 500 when they differ,
 *   which every post behind a Host-rewriting proxy did; here the site decides (isCrossSite against
 *   SITE_URL and the request's own origin), tells the actions through `context.crossSite`, and Remix
 *   is not shown the headers it would compare;
 * - its body stream has no size cap; here Remix is given the body body-guard.server.ts read and
 *   checked (size, pace, shape) before anything parses it.
 */
/** A request's load context, all but `crossSite` (judged here) and `refusal` (judged before). */
export type GetLoadContext = (res: ExpressResponse) => SiteContext;

export function remixHandler(build: ServerBuild, siteUrl: string | undefined, getLoadContext: GetLoadContext): RequestHandler {
  const handleRequest = createRequestHandler(build, build.mode);
  return async (req, res, next) => {
    try {
      const headers = remixHeaders(req);
      const url = new URL(req.url, `${req.protocol}://${requestHost(req) ?? "localhost"}`);
      const controller = new AbortController();
      // Stop loaders and actions once the answer can no longer be written (the client went away).
      res.on("close", () => !res.writableFinished && controller.abort());
      const refusal = refusalOf(res);
      // Every post went through the body guard: Remix reads what it kept, and an action that ignores a
      // refusal reads an empty form (and fails its token check) rather than a body it must not see.
      const guarded = res.locals.guardedBody as GuardedBody | undefined;
      if (guarded) {
        headers.set("content-type", guarded.contentType);
        // The body is the guard's buffer now, of its own length.
        headers.delete("content-length");
        headers.delete("transfer-encoding");
      }
      const request = new Request(url.href, {
        method: req.method,
        headers,
        signal: controller.signal,
        ...(guarded ? { body: guarded.body } : {}),
      });
      const response = await handleRequest(request, { ...getLoadContext(res), crossSite: !!guarded && isCrossSite(req, siteUrl), refusal });
      await sendResponse(res, response);
    } catch (error) {
      next(error);
    }
  };
}
