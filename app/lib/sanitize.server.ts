import sanitizeHtml from "sanitize-html";

/** Rich text from the API: only the structure an article needs, no scripts, styles or handlers. */
export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, {
    allowedTags: ["p", "h2", "h3", "h4", "ul", "ol", "li", "strong", "em", "b", "i", "br", "blockquote", "a"],
    allowedAttributes: { a: ["href", "title"] },
    allowedSchemes: ["https", "mailto", "tel"],
    allowProtocolRelative: false,
    transformTags: {
      // Links in CMS text leave the site safely.
      a: sanitizeHtml.simpleTransform("a", { rel: "noopener noreferrer" }),
    },
  });
}
