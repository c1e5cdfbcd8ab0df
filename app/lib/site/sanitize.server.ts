import sanitizeHtml from "sanitize-html";
import { isBodyImage } from "../platform/api/body-images";
import { headingsInOrder } from "./rich-text-headings";

const HEADING_LOOKS = ["rich-text-h2", "rich-text-h3", "rich-text-h4"];

/**
 * The structure an article may hold: what an editor can make and what a page shows. An image stays
 * only as one of the site's own content-image variants (`/media/u/{id}/{width}.webp`) with its
 * width, height and alt text (body-images.ts); any other <img> is dropped whole, so a body can
 * neither load from elsewhere nor shift the page.
 */
const ALLOWED = {
  allowedTags: ["p", "h2", "h3", "h4", "ul", "ol", "li", "strong", "em", "b", "i", "br", "blockquote", "a", "img"],
  allowedAttributes: {
    a: ["href", "title"],
    img: ["src", "width", "height", "alt", { name: "loading", values: ["lazy"] }, { name: "decoding", values: ["async"] }],
  },
  // Checked on what is left of its attributes: a src with another scheme is gone by then.
  exclusiveFilter: (frame: sanitizeHtml.IFrame) => frame.tag === "img" && !isBodyImage(frame.attribs),
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
 * Rich text from the API as a page shows it: the allowed structure, links that leave the site
 * safely, images fetched as they near the screen, its headings in order below the page's h1.
 */
export function sanitizeRichText(html: string): string {
  const clean = sanitizeHtml(html, {
    ...ALLOWED,
    transformTags: {
      // Links in CMS text leave the site safely.
      a: sanitizeHtml.simpleTransform("a", { rel: "noopener noreferrer" }),
      // Below the fold more often than not: fetched when it nears the screen, decoded off the main thread.
      img: sanitizeHtml.simpleTransform("img", { loading: "lazy", decoding: "async" }),
    },
  });
  return headingsInOrder(clean);
}
