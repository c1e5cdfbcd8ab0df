import { PassThrough } from "node:stream";
import { text } from "node:stream/consumers";
import { createElement } from "react";
import { renderToPipeableStream } from "react-dom/server";
import { expect, test } from "vitest";
import { createNulStripper } from "~/lib/strip-nul.server";

function render(withStripper: boolean): Promise<string> {
  // Enough Arabic text that characters straddle React's 2 KB chunks, in a streamed tree.
  const words = Array.from({ length: 400 }, (_, i) => createElement("a", { key: i, href: `/ar/الأطباء/${i}` }, "الأطباء"));
  return new Promise((resolve, reject) => {
    const { pipe } = renderToPipeableStream(createElement("div", null, words), {
      onAllReady() {
        const out = withStripper ? createNulStripper() : new PassThrough();
        text(out).then(resolve, reject);
        pipe(out);
      },
      onError: reject,
    });
  });
}

test("React 18 alone leaks NUL bytes into this stream (the reason for the stripper)", async () => {
  expect((await render(false)).includes("\u0000")).toBe(true);
});

test("streamed Arabic HTML carries no NUL bytes", async () => {
  const html = await render(true);
  expect(html.includes("\u0000")).toBe(false);
  expect(html.match(/الأطباء/g)?.length).toBe(800);
});
