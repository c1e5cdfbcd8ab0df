import { createContext, useContext, type ReactElement } from "react";

/**
 * What a prerendered part's markup depends on besides the render's language: the content objects
 * it shows (each a content-cache object, the same one while it is cached) and a short string for
 * the rest (the menu entry marked current, say). Nothing else may change what its children render.
 */
export interface PrerenderMemo {
  objects: readonly object[];
  key: string;
}

/** Renders an element to HTML, written once per language and memo (prerender.server.ts). */
export type Prerender = (memo: PrerenderMemo, element: ReactElement) => string;

/** Given by entry.server.tsx only: in the browser, parts render as any other. */
export const PrerenderContext = createContext<Prerender | null>(null);

/**
 * A part that is the same on thousands of pages (the menu, the footer's links): the server writes
 * its HTML once per language and memo and puts it into the page as it is, instead of rendering
 * its few hundred elements on every request (the header and footer were four tenths of home's
 * render). The browser renders the children and hydrates them against that HTML, which is what
 * React itself would have written there, so they keep their refs, effects and handlers.
 *
 * What the children render must follow from the language and `memo` alone. On the server they
 * see no context but the translations (prerender.server.tsx): a hook that needs the router or
 * Remix fails the render there, so it belongs outside, as the language menu and the cookie
 * settings form are.
 */
export function Prerendered({
  as: Tag,
  className,
  memo,
  children,
}: {
  as: "div";
  className: string;
  memo: PrerenderMemo;
  children: ReactElement;
}) {
  const prerender = useContext(PrerenderContext);
  if (!prerender) return <Tag className={className}>{children}</Tag>;
  return <Tag className={className} dangerouslySetInnerHTML={{ __html: prerender(memo, children) }} />;
}
