import type { Dispatcher } from "undici";
import { ApiError } from "~/lib/platform/api/errors";

/**
 * An API answer's bytes and media type, read with a size cap: a declared or streamed body past
 * `maxBytes` is cut off unread (its socket is dropped) instead of being buffered whole, whatever the
 * API sends.
 */
export async function readBytes(res: Dispatcher.ResponseData<unknown>, maxBytes: number, path: string): Promise<{ type: string; body: Buffer }> {
  const tooLarge = () => new ApiError("too-large", `API call ${path} answered more than ${maxBytes} bytes`);
  const declared = Number(res.headers["content-length"]);
  if (Number.isFinite(declared) && declared > maxBytes) {
    res.body.destroy();
    throw tooLarge();
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of res.body as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > maxBytes) {
      res.body.destroy();
      throw tooLarge();
    }
    chunks.push(chunk);
  }
  const type = String(res.headers["content-type"] ?? "")
    .split(";")[0]
    .trim()
    .toLowerCase();
  return { type, body: Buffer.concat(chunks, size) };
}

/** An API answer's JSON, read with readBytes' size cap. */
export async function readJson(res: Dispatcher.ResponseData<unknown>, maxBytes: number, path: string): Promise<unknown> {
  return JSON.parse((await readBytes(res, maxBytes, path)).body.toString("utf8"));
}
