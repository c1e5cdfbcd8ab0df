import type { ReactElement } from "react";
import { useServerHtml, type PrerenderMemo } from "~/components/server-html";

/**
 * A part that is the same on thousands of pages (the menu, the footer's links): the server writes
 * its HTML once per language and memo and puts it into the page as it is, instead of rendering
 * its few hundred elements on every request (the header and footer were four tenths of home's
 * render). The browser renders the children and hydrates them against that HTML, which is what
 * React itself would have written there, so they keep their refs, effects and handlers.
 *
 * What the children render must follow from the language and `memo` alone. On the server they
 * see no context but the translations (server-html.server.tsx): a hook that needs the router or
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
  const server = useServerHtml();
  if (!server) return <Tag className={className}>{children}</Tag>;
  return <Tag className={className} dangerouslySetInnerHTML={{ __html: server.part(memo, children) }} />;
}
