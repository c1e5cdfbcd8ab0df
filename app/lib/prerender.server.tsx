import type { i18n } from "i18next";
import type { ReactElement } from "react";
import { renderToString } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import type { Prerender, PrerenderMemo } from "~/components/prerendered";

/**
 * The HTML of prerendered parts (components/prerendered.tsx), per render instance (a language and
 * its namespaces) and memo. The objects of a memo are held weakly: when the content cache lets go
 * of a menu or the settings, their HTML goes with them. Per object chain at most MAX_KEYS strings,
 * oldest out first, in case a memo's key ever carried something per request.
 */
const MAX_KEYS = 64;

interface Node {
  next: WeakMap<object, Node>;
  html: Map<string, string>;
}

const roots = new WeakMap<object, Node>();

function nodeOf(map: WeakMap<object, Node>, key: object): Node {
  let node = map.get(key);
  if (!node) map.set(key, (node = { next: new WeakMap(), html: new Map() }));
  return node;
}

/**
 * The prerender of one page's render, in `instance`'s language. It renders with React's string
 * renderer, synchronously inside the page's render; React keeps that renderer's contexts apart
 * from the page's, so the children see only the translations given here. The HTML is what the
 * page's render would have written in its place.
 */
export function prerenderFor(instance: i18n): Prerender {
  return ({ objects, key }: PrerenderMemo, element: ReactElement) => {
    let node = nodeOf(roots, instance);
    for (const object of objects) node = nodeOf(node.next, object);
    let html = node.html.get(key);
    if (html === undefined) {
      html = renderToString(<I18nextProvider i18n={instance}>{element}</I18nextProvider>);
      if (node.html.size >= MAX_KEYS) node.html.delete(node.html.keys().next().value!);
      node.html.set(key, html);
    }
    return html;
  };
}
