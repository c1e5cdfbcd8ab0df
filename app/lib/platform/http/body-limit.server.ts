import type { Request, RequestHandler, Response } from "express";
import { plainPage } from "~/lib/platform/http/plain-page.server";
import { isDataPost, passRefusal } from "~/lib/platform/http/refusal.server";
import { pagePathOf } from "~/lib/platform/http/single-fetch";

/** Past this much thrown-away body the sender is no honest browser, and the connection is cut. */
const DRAIN_BYTES = 64 * 1024 * 1024;

export interface BodyLimits {
  /** Text forms: far above any honest form, far below what would hurt memory. */
  formBytes: number;
  /** Multipart (the job application's photo): above the photo cap, so an oversize photo still gets a field error. */
  multipartBytes: number;
  /** The pages whose form takes a file (posted to the page, or to its `.data` with JavaScript); every other path gets `formBytes` whatever the body claims to be. */
  takesUploads: (path: string) => boolean;
  /** The paths that take a small JSON body (the analytics beacon), and its cap, whatever the body claims to be. */
  takesJson?: { path: (path: string) => boolean; bytes: number };
}

const limitOf = (req: Request, { formBytes, multipartBytes, takesUploads, takesJson }: BodyLimits) => {
  if (takesJson?.path(req.path)) return takesJson.bytes;
  return (req.get("content-type") ?? "").toLowerCase().startsWith("multipart/") && takesUploads(pagePathOf(req.path)) ? multipartBytes : formBytes;
};

/** How long a sender past DRAIN_BYTES is given to read the answer before its connection is cut. */
const LINGER_MS = 5_000;

/**
 * Reads and throws away what is left of a body the app will not use, so the answer already sent
 * reaches the client (closing a socket it is still writing to would reset it and lose the page).
 * Past DRAIN_BYTES it stops reading instead: the sender, its writes now held back, gets to read the
 * answer it was sent, and the connection is cut LINGER_MS later. Cutting it at once made a client
 * still busy writing lose the answer already in its buffer to the reset (a "lingering close").
 */
function drain(req: Request) {
  if (req.complete || req.destroyed) return;
  let drained = 0;
  req.removeAllListeners("data");
  req.on("data", (chunk: Buffer) => {
    drained += chunk.length;
    if (drained <= DRAIN_BYTES || req.isPaused()) return;
    req.pause();
    setTimeout(() => req.socket.destroy(), LINGER_MS).unref();
  });
  req.resume();
}

/** The localized 413 page, sent now; the rest of the body is drained behind it. */
export function answerTooLarge(req: Request, res: Response) {
  if (res.headersSent) return void req.socket.destroy();
  res.status(413).type("html").send(plainPage(req.path, "payloadTooLarge"));
  drain(req);
}

/**
 * A body is capped whether it declares its size or comes chunked. A declared size over the cap is
 * refused here, before anything reads it; a chunked one is counted as it is read (body-guard.server.ts
 * stops at the cap and answers 413). Either way the visitor gets a page in their language, and no
 * more than the cap is ever held.
 */
export function bodyLimit(limits: BodyLimits): RequestHandler {
  return (req, res, next) => {
    const declared = req.get("content-length");
    const limit = (res.locals.bodyLimit = limitOf(req, limits));
    const tooLarge = declared !== undefined && Number(declared) > limit;
    if (tooLarge && !isDataPost(req)) return answerTooLarge(req, res);
    // With JavaScript the form itself says so (refusal.server.ts); the body is drained, never read.
    if (tooLarge) passRefusal(res, "payloadTooLarge");
    // A route that answers without reading the whole body (a page without a form, a refused upload)
    // leaves bytes on the connection: drain them behind the answer, within DRAIN_BYTES.
    res.on("finish", () => drain(req));
    next();
  };
}
