import { z } from "zod";
import { getT } from "~/lib/page.server";
import type { Lang } from "~/lib/route-table";
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

/** A static page's text, from locales/{lng}/pages.json, with {{brand}} filled in. */
export async function getPageText(name: string, lang: Lang): Promise<PageText> {
  const t = await getT(lang, "pages");
  return PageTextSchema.parse(t(name, { returnObjects: true, brand: siteConfig.brand }));
}
