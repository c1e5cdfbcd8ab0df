import { z } from "zod";
import { getT } from "~/lib/page.server";
import type { Lang } from "~/lib/route-table";
import { siteConfig } from "~/site-config";

export const PageContentSchema = z.object({
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
export type PageContent = z.infer<typeof PageContentSchema>;

/** A static page's text, from locales/{lng}/pages.json, with {{brand}} filled in. */
export async function getPageContent(name: string, lang: Lang): Promise<PageContent> {
  const t = await getT(lang, "pages");
  return PageContentSchema.parse(t(name, { returnObjects: true, brand: siteConfig.brand }));
}
