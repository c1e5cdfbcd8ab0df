import type { ReactElement } from "react";
import { useServerHtml, type PrerenderMemo } from "~/components/server-html";

/**
 * A part that is the same on thousands of pages (the menu, the footer's links), in a <div>: the
 * server writes its HTML once per language and memo and puts it into the page as it is, instead of
 * rendering its few hundred elements on every request (ADR 026). The browser renders the children
 * and hydrates them against that HTML, which is what React itself would have written there, so they
 * keep their refs, effects and handlers.
 *
 * What the children render must follow from the language and `memo` alone. On the server they are
 * rendered apart from the page (server-html.server.tsx) and see none of its contexts but the
 * translations:
 * - a hook that needs the router or Remix fails the render there;
 * - any other context (the nonce, html-only data) has its default value on the server and its real
 *   one in the browser, which would not hydrate;
 * - `useId` counts from the part, not the page, so its ids would not match the browser's.
 * What needs any of these stays outside, as the language menu and the cookie settings form do.
 *
 * The part is rendered by the same React renderer as the page, from inside this component's render
 * (ADR 028). React restores the page's contexts afterwards, but not the hook state of the component
 * that called it: so this component uses no state, ref, memo or id hook, and asks for the part last.
 */
export function Prerendered({ className, memo, children }: { className: string; memo: PrerenderMemo; children: ReactElement }) {
  const server = useServerHtml();
  if (!server) return <div className={className}>{children}</div>;
  return <div className={className} dangerouslySetInnerHTML={{ __html: server.part(memo, children) }} />;
}
