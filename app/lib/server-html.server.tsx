import { randomBytes } from "node:crypto";
import type { i18n } from "i18next";
import type { ReactElement } from "react";
import { renderToString } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { optionsHtml, perList, writeOptions } from "~/components/form/options-html";
import type { ListOption, PrerenderMemo, ServerHtml } from "~/components/server-html";

/**
 * HTML written once and kept as bytes (components/server-html.ts, ADR 026). A render puts a
 * marker where such HTML goes, and `splice` swaps the bytes in once the page is complete: React
 * encodes each string it writes on every render, and for the offer form's lists (70 KB) that was 5%
 * of the render, with the garbage it left.
 *
 * No content can write a marker: React escapes text and the articles' sanitizer drops comments. The
 * token drawn at start-up is a second guard; a marker that names no bytes of its render is left as
 * it is.
 */
const TOKEN = randomBytes(12).toString("base64url");
const OPEN = Buffer.from(`<!--kept:${TOKEN}:`);
const CLOSE = Buffer.from("-->");
const SELECTED = Buffer.from(" selected");

/** Per object chain, at most this many parts, oldest out first, in case a memo's key ever carried something per request. */
const MAX_KEYS = 64;

interface Node {
  next: WeakMap<object, Node>;
  parts: Map<string, Buffer>;
}

/** Parts per render instance (a language and its namespaces), then per memo object, held weakly. */
const parts = new WeakMap<object, Node>();

function nodeOf(map: WeakMap<object, Node>, key: object): Node {
  let node = map.get(key);
  if (!node) map.set(key, (node = { next: new WeakMap(), parts: new Map() }));
  return node;
}

interface KeptOptions {
  bytes: Buffer;
  marks: Map<string, number>;
}

/** A list's options per variant, while the content cache holds the list. */
const options = new WeakMap<object, Map<string, KeptOptions>>();

function keptOptions(list: object, variant: string, write: () => readonly ListOption[]): KeptOptions {
  return perList(options, list, variant, () => {
    const { html, marks } = writeOptions(write(), Buffer.byteLength);
    return { bytes: Buffer.from(html), marks };
  });
}

export interface PageHtml {
  /** What the render's components ask for markers (ServerHtmlContext). */
  writer: ServerHtml;
  /** The complete page with every marker replaced by its bytes. */
  splice(page: Buffer<ArrayBuffer>): Buffer<ArrayBuffer>;
}

/**
 * One page's render in `instance`'s language. A part is rendered with React's string renderer,
 * synchronously inside the page's render, which uses the same renderer (ADR 028). React sets the
 * page's contexts aside while the part renders and restores them after, so the part sees only the
 * translations given here, and no ServerHtml: what it writes is kept, so it may hold no marker of
 * this one render. Hook state is not set aside: see Prerendered for what its caller may not do.
 */
export function pageHtml(instance: i18n, memo = true): PageHtml {
  const kept: Uint8Array[][] = [];
  const mark = (bytes: Uint8Array[]) => `<!--kept:${TOKEN}:${kept.push(bytes) - 1}-->`;
  return {
    writer: {
      part({ objects, key }: PrerenderMemo, element: ReactElement) {
        const render = () => Buffer.from(renderToString(<I18nextProvider i18n={instance}>{element}</I18nextProvider>));
        // Without the memo the part takes the same path, renderer and splice, on every request.
        if (!memo) return mark([render()]);
        let node = nodeOf(parts, instance);
        for (const object of objects) node = nodeOf(node.next, object);
        let bytes = node.parts.get(key);
        if (bytes === undefined) {
          bytes = render();
          if (node.parts.size >= MAX_KEYS) node.parts.delete(node.parts.keys().next().value!);
          node.parts.set(key, bytes);
        }
        return mark([bytes]);
      },
      listOptions(list, variant, write, selected) {
        // Written for this render alone, the choice marked as it goes: no byte offsets to count.
        if (!memo) return mark([Buffer.from(optionsHtml(write(), selected))]);
        const { bytes, marks } = keptOptions(list, variant, write);
        const at = marks.get(selected);
        return mark(at === undefined ? [bytes] : [bytes.subarray(0, at), SELECTED, bytes.subarray(at)]);
      },
    },
    splice(page) {
      if (kept.length === 0) return page;
      const pieces: Uint8Array[] = [];
      let from = 0;
      for (let at = page.indexOf(OPEN); at !== -1; at = page.indexOf(OPEN, from)) {
        const end = page.indexOf(CLOSE, at + OPEN.length);
        if (end === -1) break;
        const index = page.toString("latin1", at + OPEN.length, end);
        const bytes = /^\d+$/.test(index) ? kept[Number(index)] : undefined;
        // Not one of this render's markers: it stays as it is.
        pieces.push(page.subarray(from, bytes ? at : end + CLOSE.length), ...(bytes ?? []));
        from = end + CLOSE.length;
      }
      pieces.push(page.subarray(from));
      return Buffer.concat(pieces);
    },
  };
}
