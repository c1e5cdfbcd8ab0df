import type { RequestHandler } from "express";
import { plainPage } from "~/lib/http/plain-page.server";

export interface BodyLimits {
  /** Text forms: far above any honest form, far below what would hurt memory. */
  formBytes: number;
  /** Multipart (the job application's photo): above the photo cap, so an oversize photo still gets a field error. */
  multipartBytes: number;
}

/** Refuses a declared body that is too large before anything reads it: 413 with a page in the visitor's language. */
export function bodyLimit({ formBytes, multipartBytes }: BodyLimits): RequestHandler {
  return (req, res, next) => {
    const length = Number(req.get("content-length") ?? 0);
    const multipart = (req.get("content-type") ?? "").toLowerCase().startsWith("multipart/");
    if (length > (multipart ? multipartBytes : formBytes)) {
      // Read and discard the rest, so the client gets to read the answer (Node's requestTimeout bounds this).
      req.resume();
      res.status(413).type("html").send(plainPage(req.path, "payloadTooLarge"));
      return;
    }
    next();
  };
}
