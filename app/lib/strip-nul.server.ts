import { Transform } from "node:stream";

/**
 * React 18's streaming renderer flushes its whole 2 KB buffer even when a multibyte character
 * did not fit at its end, so stray NUL bytes land in the HTML (facebook/react#26228, fixed only
 * in React 19). Arabic and Cyrillic pages hit it. NUL never belongs in HTML and never occurs
 * inside a UTF-8 sequence, so dropping every NUL byte is safe.
 */
export function createNulStripper(): Transform {
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      callback(null, chunk.includes(0) ? chunk.filter((byte) => byte !== 0) : chunk);
    },
  });
}
