import { writeReadableStreamToWritable, type ServerBuild } from "@remix-run/node";
import type { Request as ExpressRequest, RequestHandler, Response as ExpressResponse } from "express";
import { answerTooLarge } from "~/lib/http/body-limit.server";
import { refusalOf } from "~/lib/http/refusal.server";
import { sectionedRequestHandler } from "~/lib/http/route-sections.server";
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

/** Thrown into a body stream that went past its cap. */
class BodyTooLarge extends Error {}

/**
 * The request body as a web stream that ends in an error once more than `limit` bytes came in:
 * a chunked body has no Content-Length to refuse up front, so it is counted as Remix reads it.
 */
function countedBody(req: ExpressRequest, limit: number, onTooLarge: () => void): ReadableStream<Uint8Array> {
  let size = 0;
  // Once the stream is closed, errored or cancelled, the request's later events must not touch it.
  let settled = false;
  const onData = (controller: ReadableStreamDefaultController<Uint8Array>) => (chunk: Buffer) => {
    if (settled) return;
    size += chunk.length;
    if (size > limit) {
      settled = true;
      req.pause();
      onTooLarge();
      controller.error(new BodyTooLarge());
      return;
    }
    controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
    if ((controller.desiredSize ?? 0) <= 0) req.pause();
  };
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        req.on("data", onData(controller));
        req.once("end", () => {
          if (!settled) controller.close();
          settled = true;
        });
        req.once("error", (error) => {
          if (!settled) controller.error(error);
          settled = true;
        });
        req.pause();
      },
      pull() {
        if (!settled) req.resume();
      },
      cancel() {
        settled = true;
        req.pause();
      },
    },
    { highWaterMark: 64 * 1024, size: (chunk) => chunk.byteLength },
  );
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
 * - its body stream has no size cap; here it is counted (countedBody) and a body past the cap is
 *   answered with the localized 413 page.
 */
/** A request's load context, all but `crossSite` (judged here) and `refusal` (judged before). */
export type GetLoadContext = (res: ExpressResponse) => SiteContext;

export function remixHandler(build: ServerBuild, siteUrl: string | undefined, getLoadContext: GetLoadContext): RequestHandler {
  const handlerAt = sectionedRequestHandler(build);
  return async (req, res, next) => {
    try {
      let tooLarge = false;
      const headers = remixHeaders(req);
      const url = new URL(req.url, `${req.protocol}://${requestHost(req) ?? "localhost"}`);
      const controller = new AbortController();
      // Stop loaders and actions once the answer can no longer be written (the client went away).
      res.on("close", () => !res.writableFinished && controller.abort());
      const refusal = refusalOf(res);
      // A refused post reaches its action without its body (refusal.server.ts).
      const hasBody = req.method !== "GET" && req.method !== "HEAD" && !refusal;
      const request = new Request(url.href, {
        method: req.method,
        headers,
        signal: controller.signal,
        ...(hasBody ? { body: countedBody(req, res.locals.bodyLimit as number, () => (tooLarge = true)), duplex: "half" } : {}),
      } as RequestInit);
      const response = await handlerAt(url.pathname)(request, { ...getLoadContext(res), crossSite: hasBody && isCrossSite(req, siteUrl), refusal });
      if (tooLarge) {
        await response.body?.cancel();
        return answerTooLarge(req, res);
      }
      await sendResponse(res, response);
    } catch (error) {
      next(error);
    }
  };
}
