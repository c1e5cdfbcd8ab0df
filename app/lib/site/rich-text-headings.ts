const HEADING_TAG = /<(\/?)h([2-6])(\s[^>]*)?>/g;

/** The level a heading was written at: its look class when an earlier pass set one, else its tag. */
function writtenLevel(tagLevel: string, attributes: string | undefined): number {
  return Number(/\bclass="rich-text-h([2-6])"/.exec(attributes ?? "")?.[1] ?? tagLevel);
}

/**
 * Re-levels the headings of a detail page's rich text so they follow the page's `h1` in order:
 * the levels the text uses become h2, h3, … in rank (authors write "Who it is for" as `h3` under
 * the `h1` the site supplies, a skipped level for screen-reader users and the Nu HTML Checker), and
 * a heading that still goes down more than one level from the one before is raised to the next one.
 * Each heading keeps the look of the level it was written at through its class (`rich-text-h3`…).
 * Only for sanitized HTML: its heading tags carry at most the look class and are always closed.
 * Running it again on its own output changes nothing.
 */
export function headingsInOrder(html: string): string {
  const written = [...html.matchAll(HEADING_TAG)].filter((m) => !m[1]).map((m) => writtenLevel(m[2], m[3]));
  if (!written.length) return html;
  const rank = new Map([...new Set(written)].sort((a, b) => a - b).map((level, i) => [level, i + 2]));
  let previous = 1;
  const open: number[] = [];
  return html.replace(HEADING_TAG, (_tag, closing: string, tagLevel: string, attributes?: string) => {
    if (closing) return `</h${open.pop() ?? tagLevel}>`;
    const level = writtenLevel(tagLevel, attributes);
    const placed = Math.min(rank.get(level)!, previous + 1);
    previous = placed;
    open.push(placed);
    return `<h${placed} class="rich-text-h${level}">`;
  });
}
