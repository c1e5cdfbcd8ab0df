import { Writable } from "node:stream";

/**
 * Takes a complete render (call it from `onAllReady`, with the render's `pipe`) and resolves with the whole page as one
 * buffer: pages are sent whole (docs/decisions/008-html-sent-whole.md).
 *
 * - It emits no 'close'. React takes a destination's 'close' for an abort, and flushes and ends it
 *   once more: every render ended its stream twice, and the second end cost an error object with
 *   its stack.
 * - The collector never pushes back. Nothing is sent before the end, so a full buffer would only
 *   make React wait for a 'drain'.
 * - NUL bytes are dropped. React 18's streaming renderer flushes its whole 2 KB buffer even when a
 *   multibyte character did not fit at its end, so stray NULs land in the HTML (facebook/react#26228,
 *   fixed only in React 19). Arabic and Cyrillic pages hit it. NUL never belongs in HTML and never
 *   occurs inside a UTF-8 sequence, so dropping every NUL byte is safe.
 */
export function collectRender(pipe: (destination: Writable) => void): Promise<ReturnType<typeof Buffer.concat>> {
  return new Promise((resolve) => {
    const chunks: Uint8Array[] = [];
    const collector = new Writable({
      highWaterMark: Number.MAX_SAFE_INTEGER,
      emitClose: false,
      write(chunk: Buffer, _encoding, callback) {
        chunks.push(chunk.includes(0) ? chunk.filter((byte) => byte !== 0) : chunk);
        callback();
      },
      final(callback) {
        resolve(Buffer.concat(chunks));
        callback();
      },
    });
    pipe(collector);
  });
}
