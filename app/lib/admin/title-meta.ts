import type { MetaFunction } from "@remix-run/react";

/**
 * A back-office page's <title>: the one its loader names. When the loader threw (an unknown lead,
 * form or version) there is no data, and the title is the root's error title (root.tsx meta), not
 * the word "undefined" a bare `data?.title` gave. Reads the parent's meta through `matches`, as the
 * Remix v2 meta documentation shows for merging a parent's meta.
 */
export const titleMeta: MetaFunction = ({ data, matches }) => {
  const title = (data as { title?: unknown } | undefined)?.title;
  if (typeof title === "string" && title) return [{ title }];
  return matches.find((match) => match.id === "root")?.meta ?? [];
};
