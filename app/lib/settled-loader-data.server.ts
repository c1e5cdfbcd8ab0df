import type { EntryContext } from "@remix-run/node";

/** What StreamTransfer (@remix-run/react 2.17, single-fetch.js) keeps per chunk it has read. */
interface ReadChunk extends Promise<void> {
  result?: { done: boolean; value: string };
}

/**
 * Reads single fetch's loader data (a turbo-stream) to its end before the page is rendered, and
 * leaves every chunk where Remix's StreamTransfer looks for it first: `renderMeta.streamCache`,
 * by the chunk's number, decoded as it decodes it. StreamTransfer then never suspends, so the page
 * renders in one synchronous pass (renderToString) instead of through React's streaming renderer,
 * whose flush encoded the page a few bytes at a time (#16, ADR 028).
 *
 * Nothing defers (ADR 008), so the stream ends as soon as the loaders' data is encoded; `timeoutMs`
 * bounds it anyway. A stream that fails or outlasts it fails the render, as a render error does.
 * Resolves with the number of chunks, for `assertLoaderDataSettled` after the render.
 */
export async function settleLoaderData(context: EntryContext, timeoutMs: number): Promise<number> {
  const stream = context.serverHandoffStream;
  if (!stream) return 0;
  if (context.renderMeta?.streamCache) throw new Error("loader data already read");
  const reader = stream.getReader();
  const decoder = new TextDecoder();
  const chunks: Record<number, ReadChunk> = {};
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`loader data not encoded within ${timeoutMs} ms`)), timeoutMs);
  });
  try {
    for (let number = 0; ; number++) {
      const { done, value } = await Promise.race([reader.read(), late]);
      const chunk: ReadChunk = Promise.resolve();
      chunk.result = { done, value: decoder.decode(value, { stream: true }) };
      chunks[number] = chunk;
      if (done) break;
    }
  } catch (error) {
    await reader.cancel().catch(() => {});
    throw error;
  } finally {
    clearTimeout(timer);
  }
  reader.releaseLock();
  (context.renderMeta ??= {}).streamCache = chunks;
  return Object.keys(chunks).length;
}

/**
 * Throws if the render read loader data that `settleLoaderData` had not left for it. StreamTransfer
 * then suspended, and the string renderer, which does not wait, wrote an empty boundary in place of
 * the data scripts: the page would hang in the browser. It is checked so that such a page fails
 * (and Remix renders its error boundary) instead of being sent and kept. It cannot happen while
 * Remix's StreamTransfer looks in the cache as 2.17 does (settled-loader-data.server.test.tsx).
 */
export function assertLoaderDataSettled(context: EntryContext, settled: number): void {
  const read = Object.keys(context.renderMeta?.streamCache ?? {}).length;
  if (read !== settled) throw new Error(`the render read loader data not settled before it (${read} chunks, ${settled} settled)`);
}
