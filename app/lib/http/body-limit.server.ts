import type { RequestHandler } from "express";
import { plainPage } from "~/lib/http/plain-page.server";

const DRAIN_BYTES = 64 * 1024 * 1024;

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
      // Answer once the body has been read and thrown away: a client still sending when the answer
      // comes and the connection closes would see a reset instead of the page. Past DRAIN_BYTES the
      // sender is not an honest browser, and the connection is cut.
      let drained = 0;
      req.on("data", (chunk: Buffer) => {
        drained += chunk.length;
        if (drained > DRAIN_BYTES) req.destroy();
      });
      req.on("end", () => res.status(413).type("html").send(plainPage(req.path, "payloadTooLarge")));
      return;
    }
    // A route that answers without reading the whole body (a 405, a refused upload) leaves bytes on
    // the connection, and Node drops it afterwards; say so in the answer, so the client opens a new
    // connection for its next request instead of finding this one reset.
    const writeHead = res.writeHead;
    res.writeHead = function (this: typeof res, ...args: Parameters<typeof res.writeHead>) {
      if (!req.complete) this.setHeader("Connection", "close");
      return writeHead.apply(this, args);
    } as typeof res.writeHead;
    next();
  };
}
