import sanitizeHtml from "sanitize-html";
import { headingsInOrder } from "./rich-text-headings";

const HEADING_LOOKS = ["rich-text-h2", "rich-text-h3", "rich-text-h4"];

/** The structure an article may hold: what an editor can make and what a page shows. */
const ALLOWED = {
  allowedTags: ["p", "h2", "h3", "h4", "ul", "ol", "li", "strong", "em", "b", "i", "br", "blockquote", "a"],
  allowedAttributes: { a: ["href", "title"] },
  // The look a heading was written at (headingsInOrder's class) survives a second pass: bodies
  // saved before saves stored what was written hold the page's shape, and must show the same.
  allowedClasses: { h2: HEADING_LOOKS, h3: HEADING_LOOKS, h4: HEADING_LOOKS },
  allowedSchemes: ["https", "mailto", "tel"],
  allowProtocolRelative: false,
} satisfies sanitizeHtml.IOptions;

/**
 * Rich text as it is stored when an editor saves it: only the allowed structure, nothing unsafe,
 * and otherwise exactly what was written, so a body saved unchanged reads as unchanged (a
 * version's changes show only what the editor changed).
 */
export function cleanRichText(html: string): string {
  return sanitizeHtml(html, ALLOWED);
}

/**
 * Rich text from the API as a page shows it: only the structure an article needs, no scripts,
 * styles or handlers, links that leave the site safely, its headings in order below the page's h1.
 */
export function sanitizeRichText(html: string): string {
  // Links in CMS text leave the site safely.
  const clean = sanitizeHtml(html, { ...ALLOWED, transformTags: { a: sanitizeHtml.simpleTransform("a", { rel: "noopener noreferrer" }) } });
  return headingsInOrder(clean);
}
