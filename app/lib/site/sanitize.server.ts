import sanitizeHtml from "sanitize-html";
import { headingsInOrder } from "./rich-text-headings";

const HEADING_LOOKS = ["rich-text-h2", "rich-text-h3", "rich-text-h4"];

/**
 * Rich text from the API: only the structure an article needs, no scripts, styles or handlers, its
 * headings in order below the page's h1.
 */
export function sanitizeRichText(html: string): string {
  const clean = sanitizeHtml(html, {
    allowedTags: ["p", "h2", "h3", "h4", "ul", "ol", "li", "strong", "em", "b", "i", "br", "blockquote", "a"],
    allowedAttributes: { a: ["href", "title"] },
    // The look a heading was written at (headingsInOrder's class) survives a second pass: text
    // sanitized when an editor saves it is sanitized again on the page, and must come out the same.
    allowedClasses: { h2: HEADING_LOOKS, h3: HEADING_LOOKS, h4: HEADING_LOOKS },
    allowedSchemes: ["https", "mailto", "tel"],
    allowProtocolRelative: false,
    transformTags: {
      // Links in CMS text leave the site safely.
      a: sanitizeHtml.simpleTransform("a", { rel: "noopener noreferrer" }),
    },
  });
  return headingsInOrder(clean);
}
