import type { EntryContext } from "@remix-run/node";
// Remix's own component, as <RemixServer> renders it: the test fails if it stops finding the chunks.
import { StreamTransfer } from "@remix-run/react/dist/single-fetch.js";
import { Suspense } from "react";
import { renderToString } from "react-dom/server";
import { expect, test } from "vitest";
import { assertLoaderDataSettled, settleLoaderData } from "~/lib/settled-loader-data.server";

/** `text` as a stream of UTF-8 bytes, cut at `cuts` (byte offsets); left open if `open`, failed after the bytes if `fail`. */
function byteStream(text: string, cuts: number[], { open = false, fail = false } = {}) {
  const bytes = new TextEncoder().encode(text);
  const edges = [0, ...cuts, bytes.length];
  let cancelled = false;
  const stream = new ReadableStream<Uint8Array>({
    async start(controller) {
      for (let i = 0; i + 1 < edges.length; i++) {
        await new Promise((r) => setTimeout(r, 1));
        controller.enqueue(bytes.subarray(edges[i], edges[i + 1]));
      }
      if (fail) controller.error(new Error("encoding failed"));
      else if (!open) controller.close();
    },
    cancel() {
      cancelled = true;
    },
  });
  return { stream, cancelled: () => cancelled };
}

const contextWith = (stream: ReadableStream<Uint8Array>) => ({ serverHandoffStream: stream, renderMeta: {} }) as unknown as EntryContext;

test("every chunk is read before the render, and Remix's StreamTransfer writes them all without suspending", async () => {
  // "ع" is two bytes: the first cut falls inside it, as a chunk boundary can.
  const text = '[{"lang":"ar","title":"عرض"},"loaderData"]\n';
  const inside = new TextEncoder().encode('[{"lang":"ar","title":"').length + 1;
  const { stream } = byteStream(text, [inside, inside + 9]);
  const context = contextWith(stream);
  expect(await settleLoaderData(context, 1_000)).toBe(4);

  const cache = context.renderMeta!.streamCache!;
  expect(Object.keys(cache)).toEqual(["0", "1", "2", "3"]);
  expect(Object.values(cache).map((chunk) => chunk.result!.value).join("")).toBe(text);
  expect(cache[3].result).toEqual({ done: true, value: "" });

  // renderToString renders a suspending boundary's fallback (here: nothing) instead of waiting.
  context.renderMeta!.didRenderScripts = true;
  const html = renderToString(<StreamTransfer context={context} identifier={0} reader={stream.getReader()} textDecoder={new TextDecoder()} nonce="n0nce" />);
  const enqueued = [...html.matchAll(/<script nonce="n0nce">window\.__remixContext\.streamController\.enqueue\(("(?:[^"\\]|\\.)*")\);<\/script>/g)].map((m) => JSON.parse(m[1]) as string);
  expect(enqueued.join("")).toBe(text);
  expect(html).toMatch(/<script nonce="n0nce">window\.__remixContext\.streamController\.close\(\);<\/script>(<!--\/\$-->)*$/);
  expect(() => assertLoaderDataSettled(context, 4)).not.toThrow();
  // Read once only: a second reading would find the stream drained.
  await expect(settleLoaderData(context, 1_000)).rejects.toThrow("loader data already read");
});

test("a render that had to read loader data itself (it wrote no data scripts) is caught after the render", () => {
  const { stream } = byteStream("[1]\n", []);
  const context = contextWith(stream);
  context.renderMeta!.didRenderScripts = true;
  // Not settled: StreamTransfer suspends in its Suspense boundary (as <RemixServer> renders it),
  // and the string renderer writes that boundary empty instead of waiting.
  const html = renderToString(
    <Suspense>
      <StreamTransfer context={context} identifier={0} reader={stream.getReader()} textDecoder={new TextDecoder()} nonce="n0nce" />
    </Suspense>,
  );
  expect(html).not.toContain("streamController");
  expect(() => assertLoaderDataSettled(context, 0)).toThrow("the render read loader data not settled before it (1 chunks, 0 settled)");
});

test("a stream that does not end in time, or fails, fails the render, and is cancelled", async () => {
  const slow = byteStream("[1]", [], { open: true });
  await expect(settleLoaderData(contextWith(slow.stream), 50)).rejects.toThrow("loader data not encoded within 50 ms");
  expect(slow.cancelled()).toBe(true);

  const failing = byteStream("[1]", [], { fail: true });
  await expect(settleLoaderData(contextWith(failing.stream), 1_000)).rejects.toThrow("encoding failed");
});

test("a page without loader data (no stream) is left as it is", async () => {
  const context = { renderMeta: {} } as unknown as EntryContext;
  expect(await settleLoaderData(context, 50)).toBe(0);
  expect(context.renderMeta).toEqual({});
  expect(() => assertLoaderDataSettled(context, 0)).not.toThrow();
});
