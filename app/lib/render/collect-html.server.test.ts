import { PassThrough, type Writable } from "node:stream";
import { text } from "node:stream/consumers";
import { setImmediate as tick } from "node:timers/promises";
import { createElement } from "react";
import { renderToPipeableStream } from "react-dom/server";
import { expect, test } from "vitest";
import { collectRender } from "~/lib/render/collect-html.server";

/** Counts how often React ends `stream`. */
function countEnds(stream: Writable) {
  const counted = { ends: 0 };
  const end = stream.end.bind(stream) as (...args: unknown[]) => Writable;
  stream.end = ((...args: unknown[]) => {
    counted.ends++;
    return end(...args);
  }) as Writable["end"];
  return counted;
}

/**
 * Renders Arabic text enough that characters straddle React's 2 KB chunks and the page outgrows a
 * stream's 16 KB buffer; `collect` is called from onAllReady, as entry.server does.
 */
function render<T>(collect: (pipe: (destination: Writable) => void) => Promise<T>): Promise<T> {
  const words = Array.from({ length: 2000 }, (_, i) => createElement("a", { key: i, href: `/ar/الأطباء/${i}` }, "الأطباء"));
  return new Promise((resolve, reject) => {
    const { pipe } = renderToPipeableStream(createElement("div", null, words), {
      onAllReady: () => collect(pipe).then(resolve, reject),
      onError: reject,
    });
  });
}

test("React 18 alone leaks NUL bytes, and ends a stream twice when it closes (the reasons for collectRender)", async () => {
  let counted = { ends: 0 };
  const html = await render((pipe) => {
    const out = new PassThrough();
    counted = countEnds(out);
    pipe(out);
    return text(out);
  });
  await tick();
  expect(html.includes("\u0000")).toBe(true);
  expect(counted.ends).toBe(2);
});

test("collectRender resolves with the whole page, without NUL bytes, and React ends its stream once", async () => {
  let counted = { ends: 0 };
  const html = await render((pipe) =>
    collectRender((collector) => {
      counted = countEnds(collector);
      pipe(collector);
    }),
  );
  await tick();
  const page = html.toString("utf8");
  expect(page.includes("\u0000")).toBe(false);
  expect(page.match(/الأطباء/g)?.length).toBe(4000);
  expect(counted.ends).toBe(1);
});
