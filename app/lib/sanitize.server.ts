import sanitizeHtml from "sanitize-html";
import { headingsInOrder } from "./rich-text-headings";

/**
 * Rich text from the API: only the structure an article needs, no scripts, styles or handlers, its
 * headings in order below the page's h1.
 */
export function sanitizeRichText(html: string): string {
  const clean = sanitizeHtml(html, {
    allowedTags: ["p", "h2", "h3", "h4", "ul", "ol", "li", "strong", "em", "b", "i", "br", "blockquote", "a"],
    allowedAttributes: { a: ["href", "title"] },
    allowedSchemes: ["https", "mailto", "tel"],
    allowProtocolRelative: false,
    transformTags: {
      // Links in CMS text leave the site safely.
      a: sanitizeHtml.simpleTransform("a", { rel: "noopener noreferrer" }),
    },
  });
  return headingsInOrder(clean);
}
