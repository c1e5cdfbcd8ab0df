import { writeReadableStreamToWritable, type ServerBuild } from "@remix-run/node";
import type { Request as ExpressRequest, RequestHandler, Response as ExpressResponse } from "express";
import type { RequestFacts } from "~/lib/platform/http/keep-page.server";
import { refusalOf } from "~/lib/platform/http/refusal.server";
import { sectionedRequestHandler } from "~/lib/platform/http/route-sections.server";
import { isCrossSite, requestHost } from "~/lib/platform/http/origin.server";
import type { SiteContext } from "~/lib/platform/load-context.server";

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
  if (response.body) await writeReadableStreamToWritable(response.body, res);
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
/**
 * A request's load context, all but `crossSite` (judged here) and `refusal` (judged before), and
 * whether one of its content reads failed, asked once Remix has answered.
 */
export type GetLoadContext = (res: ExpressResponse) => { context: SiteContext; contentFailed: () => boolean };
/** What the server does with Remix's answer before it is sent: the page cache keeps a page (keep-page.server.ts). */
export type KeepPage = (request: Request, response: Response, facts: RequestFacts) => Promise<Response>;

export function remixHandler(build: ServerBuild, siteUrl: string | undefined, getLoadContext: GetLoadContext, keepPage: KeepPage): RequestHandler {
  // One handler per beginning of a URL (ADR 020, kept by issue #37 for its floor: docs/internals.md).
  const handlerAt = sectionedRequestHandler(build);
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
      const guarded = res.locals.guardedBody;
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
      const { context, contentFailed } = getLoadContext(res);
      const response = await handlerAt(url.pathname)(request, { ...context, crossSite: !!guarded && isCrossSite(req, siteUrl), refusal });
      await sendResponse(
        res,
        await keepPage(request, response, { nonce: res.locals.cspNonce, personal: res.locals.admin === true, contentFailed: contentFailed() }),
      );
    } catch (error) {
      next(error);
    }
  };
}
