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
 */
export async function settleLoaderData(context: EntryContext, timeoutMs: number): Promise<void> {
  const stream = context.serverHandoffStream;
  if (!stream) return;
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
}
