import { cleanRichText } from "~/lib/site/sanitize.server";

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " " };

/**
 * A bulletin's rich text as the plain text its mail carries (ADR 057): paragraphs and headings as
 * blank lines, list items as bullets, a link as its text and its address. Read from the sanitizer's
 * own output, whose few tags are known, so no tag of another shape reaches these patterns.
 */
export function richTextToPlain(html: string): string {
  const text = cleanRichText(html)
    .replace(/<a\b[^>]*?href="([^"]*)"[^>]*>([\s\S]*?)<\/a>/gi, (_, href: string, inner: string) => {
      const label = inner.replace(/<[^>]*>/g, "").trim();
      return label && label !== href ? `${label} (${href})` : href;
    })
    .replace(/<img\b[^>]*?alt="([^"]*)"[^>]*>/gi, (_, alt: string) => (alt ? `[${alt}]` : ""))
    .replace(/<br\s*\/?>/gi, "\n")
    .replace(/<li\b[^>]*>/gi, "\n• ")
    .replace(/<\/(p|h[2-4]|ul|ol|blockquote)>/gi, "\n\n")
    .replace(/<[^>]*>/g, "")
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
      if (name[0] === "#") {
        const code = name[1] === "x" || name[1] === "X" ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
        return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
      }
      return ENTITIES[name.toLowerCase()] ?? whole;
    });
  return text
    .split("\n")
    .map((line) => line.trim())
    .join("\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}
