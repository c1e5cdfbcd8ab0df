import type { Request } from "express";

/** The body is over the cap: answer 413, then `dropRest`. */
export class BodyTooLarge extends Error {}
/** The client went away (or its connection broke) before the body's end: there is no one to answer. */
export class BodyAborted extends Error {}

/** What a refused body may still send, read and thrown away so the answer reaches the client; past it the connection is cut. */
const DROP_BYTES = 32 * 1024 * 1024;

/**
 * A raw request body of at most `maxBytes`. A larger declared size is refused before a byte is read;
 * a body that comes chunked is counted as it arrives and no longer kept once past the cap. Either
 * way it rejects with BodyTooLarge, and never holds more than the cap; BodyAborted when the body
 * never ends.
 */
export function readCappedBody(req: Request, maxBytes: number): Promise<Buffer> {
  const declared = Number(req.get("content-length"));
  if (Number.isFinite(declared) && declared > maxBytes) return Promise.reject(new BodyTooLarge());
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const settle = (outcome: () => void) => {
      req.off("data", onData).off("end", onEnd).off("error", onError).off("close", onClose);
      outcome();
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= maxBytes) return void chunks.push(chunk);
      req.pause();
      settle(() => reject(new BodyTooLarge()));
    };
    const onEnd = () => settle(() => resolve(Buffer.concat(chunks, size)));
    const onError = () => settle(() => reject(new BodyAborted()));
    const onClose = () => settle(() => reject(new BodyAborted()));
    req.on("data", onData).on("end", onEnd).on("error", onError).on("close", onClose);
  });
}

/** Reads and throws away what is left of a refused body behind its answer, up to DROP_BYTES. */
export function dropRest(req: Request) {
  if (req.complete || req.destroyed) return;
  let dropped = 0;
  req.on("data", (chunk: Buffer) => {
    dropped += chunk.length;
    if (dropped > DROP_BYTES) req.socket.destroy();
  });
  req.resume();
}
