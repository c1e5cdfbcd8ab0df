import sanitizeHtml from "sanitize-html";
import type { Lang } from "~/lib/site/route-table";
import { textDirection } from "~/lib/site/route-table";
import { cleanRichText } from "~/lib/site/sanitize.server";

/**
 * The most an HTML part may weigh (UTF-8 bytes). Past about 102 KB Gmail clips a mail behind a
 * "view entire message" link, which hides its footer (the unsubscribe link); such an issue goes as
 * plain text only (ADR 057 amended).
 */
export const MAIL_HTML_MAX_BYTES = 100_000;

const FONT = "font-family:Arial,Helvetica,sans-serif;";
/** Inline styles only: many mail clients drop <style> and every external sheet. */
const STYLES: Record<string, string> = {
  p: "margin:0 0 16px;",
  h2: "margin:24px 0 12px;font-size:22px;line-height:1.3;",
  h3: "margin:20px 0 10px;font-size:19px;line-height:1.3;",
  h4: "margin:16px 0 8px;font-size:17px;line-height:1.3;",
  // Padding on both sides: the same list indents alike left to right and right to left (mail clients ignore the logical properties).
  ul: "margin:0 0 16px;padding:0 24px;",
  ol: "margin:0 0 16px;padding:0 24px;",
  li: "margin:0 0 6px;",
  blockquote: "margin:0 0 16px;padding:0 16px;color:#3e4c59;font-style:italic;",
  a: "color:#0b5cad;text-decoration:underline;",
  img: "display:block;max-width:100%;height:auto;border:0;",
};

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A link or image address as a mailbox can follow it: relative ones on SITE_URL; null for one that is no address. */
function absolute(href: string, siteUrl: string): string | null {
  try {
    return new URL(href, `${siteUrl}/`).href;
  } catch {
    return null;
  }
}

/**
 * The body for a mail: the content editor's allow-list first (cleanRichText, as the public pages
 * and the plain part read it), then each kept tag given its inline style and every address made
 * absolute. The second pass keeps the same tags; its only new attribute is the style it writes.
 */
export function mailBodyHtml(body: string, siteUrl: string): string {
  const styled = (tag: string, attribs: sanitizeHtml.Attributes = {}) => ({ tagName: tag, attribs: { ...attribs, style: STYLES[tag] ?? "" } });
  return sanitizeHtml(cleanRichText(body), {
    allowedTags: ["p", "h2", "h3", "h4", "ul", "ol", "li", "strong", "em", "b", "i", "br", "blockquote", "a", "img"],
    allowedAttributes: { "*": ["style"], a: ["href", "title", "style"], img: ["src", "width", "height", "alt", "style"] },
    // The first pass allowed https, mailto, tel and relative addresses; relative ones are now SITE_URL's (http on a test site).
    allowedSchemes: ["https", "http", "mailto", "tel"],
    allowProtocolRelative: false,
    transformTags: {
      ...Object.fromEntries(["p", "h2", "h3", "h4", "ul", "ol", "li", "blockquote"].map((tag) => [tag, (name: string) => styled(name)])),
      a: (_name, { href, title }) => {
        const to = href ? absolute(href, siteUrl) : null;
        return styled("a", { ...(to ? { href: to } : {}), ...(title ? { title } : {}) });
      },
      img: (_name, { src, width, height, alt }) => styled("img", { src: absolute(src ?? "", siteUrl) ?? "", width, height, alt: alt ?? "" }),
    },
  });
}

export interface BulletinHtmlParts {
  lang: Lang;
  title: string;
  body: string;
  siteUrl: string;
  clinic: string;
  /** The footer's sentence (why this mail came), the manage link's words and its address. */
  footer: string;
  manageLabel: string;
  manageUrl: string;
  /** The open pixel's address, only when the owner counts opens (ADR 057 amended). */
  pixelUrl?: string;
}

/**
 * A bulletin's HTML part: one centred column of tables (what every mail client lays out alike),
 * inline styles, no script, no external sheet or font, images only from the site, the language and
 * its direction on the root and the column, and the clinic and the manage link in the footer.
 * Null when it would be over MAIL_HTML_MAX_BYTES: the plain part goes alone.
 */
export function bulletinHtml(parts: BulletinHtmlParts): string | null {
  const dir = textDirection(parts.lang);
  const align = dir === "rtl" ? "right" : "left";
  const pixel = parts.pixelUrl
    ? `<img src="${escape(parts.pixelUrl)}" width="1" height="1" alt="" style="display:block;width:1px;height:1px;border:0;" data-open-pixel>`
    : "";
  const html = `<!DOCTYPE html>
<html lang="${parts.lang}" dir="${dir}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light">
<title>${escape(parts.title)}</title>
</head>
<body style="margin:0;padding:0;background:#f4f5f7;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background:#f4f5f7;">
<tr><td align="center" style="padding:24px 12px;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="max-width:600px;background:#ffffff;border:1px solid #e4e7eb;">
<tr><td dir="${dir}" style="padding:24px;${FONT}font-size:16px;line-height:1.5;color:#1f2933;text-align:${align};">
<p style="margin:0 0 16px;font-size:14px;color:#52606d;">${escape(parts.clinic)}</p>
<h1 style="margin:0 0 20px;font-size:26px;line-height:1.25;">${escape(parts.title)}</h1>
${mailBodyHtml(parts.body, parts.siteUrl)}
</td></tr>
<tr><td dir="${dir}" style="padding:16px 24px;border-top:1px solid #e4e7eb;${FONT}font-size:13px;line-height:1.5;color:#52606d;text-align:${align};">
<p style="margin:0 0 8px;">${escape(parts.footer)}</p>
<p style="margin:0;"><a href="${escape(parts.manageUrl)}" style="${STYLES.a}">${escape(parts.manageLabel)}</a></p>
</td></tr>
</table>
${pixel}
</td></tr>
</table>
</body>
</html>
`;
  return Buffer.byteLength(html) > MAIL_HTML_MAX_BYTES ? null : html;
}
