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

export interface ListOption {
  value: string;
  label: string;
}

/**
 * HTML the server writes once and keeps, put into a page where a component asks for it. Given by
 * entry.server.tsx only (server-html.server.tsx); in the browser, and in a part being prerendered,
 * there is none and components render as any other.
 */
export interface ServerHtml {
  /** The HTML of a prerendered part (components/prerendered.tsx), in the page's language. */
  part(memo: PrerenderMemo, element: ReactElement): string;
  /** A long list's options, as `listOptionsHtml` writes them (components/form/options-html.ts). */
  listOptions(list: object, variant: string, options: () => readonly ListOption[], selected: string): string;
}

export const ServerHtmlContext = createContext<ServerHtml | null>(null);

export const useServerHtml = () => useContext(ServerHtmlContext);
