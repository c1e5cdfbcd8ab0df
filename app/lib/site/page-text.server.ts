import { z } from "zod";
import { getT } from "~/lib/site/page.server";
import type { Lang } from "~/lib/site/route-table";
import { siteConfig } from "~/site-config";

export const PageTextSchema = z.object({
  metaDescription: z.string(),
  lead: z.string(),
  sections: z.array(
    z.object({
      heading: z.string(),
      paragraphs: z.array(z.string()).default([]),
      items: z.array(z.string()).optional(),
    }),
  ),
});
export type PageText = z.infer<typeof PageTextSchema>;

// The translations are bundled with the build: a page's text is looked up and checked once per
// language, not on every render (a saved locale file rebuilds, and so empties this).
const pageTexts = new Map<string, Promise<PageText>>();

/** A static page's text, from locales/{lng}/pages.json, with {{brand}} filled in. */
export function getPageText(name: string, lang: Lang): Promise<PageText> {
  const key = `${name}.${lang}`;
  let text = pageTexts.get(key);
  if (!text) {
    text = getT(lang, "pages").then((t) => PageTextSchema.parse(t(name, { returnObjects: true, brand: siteConfig.brand })));
    // A lookup that failed is not kept: the next render tries again.
    text.catch(() => pageTexts.delete(key));
    pageTexts.set(key, text);
  }
  return text;
}
