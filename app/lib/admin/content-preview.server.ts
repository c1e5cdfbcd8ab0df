import type { AppLoadContext } from "@remix-run/node";
import { getTreatment } from "~/lib/platform/api/content.server";
import type { Lang } from "~/lib/platform/api/content-contract";
import { detailPath, getPage, slugDetailPath, subDetailPath } from "~/lib/site/route-table";
import { articleView } from "~/lib/site/about-life.server";
import { blogPostView } from "~/lib/site/views/blog-post.server";
import { dealView } from "~/lib/site/views/deal.server";
import { doctorView } from "~/lib/site/views/doctor.server";
import { faqView } from "~/lib/site/views/faq.server";
import { subTreatmentView } from "~/lib/site/views/sub-treatment.server";
import { textPageView } from "~/lib/site/views/text-page.server";
import { treatmentView } from "~/lib/site/views/treatment.server";

/** The kinds with a public page a draft can be previewed as. */
export const PREVIEW_KINDS = ["blog", "treatment", "subTreatment", "specialDeal", "doctor", "faq", "page", "about-life"] as const;
export type PreviewKind = (typeof PREVIEW_KINDS)[number];
export const isPreviewKind = (value: unknown): value is PreviewKind => PREVIEW_KINDS.includes(value as PreviewKind);

type Staff = ReturnType<AppLoadContext["staffApi"]["as"]>;
type Context = Pick<AppLoadContext, "content" | "config">;

/**
 * A draft's public page data, built by the public page's own view from the API's preview (the working
 * copy in the public contract's shape): "incomplete" while the language lacks a required field (or the
 * item is gone), "noPage" where the kind has no page in that language (tr has no blog or doctors).
 * Each view is given the path the page will have once published: its breadcrumbs and its structured
 * data (root.tsx renders both, as on the public page) name that address. It is given no other
 * language's path, so the meta it builds has no alternates and its canonical falls back to the
 * language's home page; the preview route prints none of that meta (only its own title and noindex).
 */
export async function previewView(api: Staff, context: Context, kind: PreviewKind, id: number, lang: Lang) {
  const { siteUrl } = context.config;
  switch (kind) {
    case "blog": {
      const post = await api.preview(kind, id, lang);
      const path = post && detailPath("blog", lang, post.uri, post.id);
      return post ? (path ? blogPostView(siteUrl, post, lang, path, {}) : "noPage") : "incomplete";
    }
    case "treatment": {
      const treatment = await api.preview(kind, id, lang);
      return treatment ? treatmentView(siteUrl, treatment, lang, detailPath("treatments", lang, treatment.uri, treatment.id)!, {}) : "incomplete";
    }
    case "subTreatment": {
      const sub = await api.preview(kind, id, lang);
      if (!sub) return "incomplete";
      // Its treatment's other options, where the treatment is public in this language.
      const treatment = await getTreatment(context, lang, sub.treatment.id).catch(() => null);
      return subTreatmentView(siteUrl, sub, treatment, lang, subDetailPath("treatments", lang, sub.treatment, sub)!, {});
    }
    case "specialDeal": {
      const deal = await api.preview(kind, id, lang);
      return deal ? dealView(siteUrl, deal, lang, detailPath("special-deals", lang, deal.uri, deal.id)!, {}) : "incomplete";
    }
    case "doctor": {
      const doctor = await api.preview(kind, id, lang);
      if (!doctor) return "incomplete";
      return slugDetailPath("doctors", lang, doctor.uri) ? doctorView(siteUrl, doctor, lang) : "noPage";
    }
    case "faq": {
      // The one question, as the FAQ page shows each.
      const faq = await api.preview(kind, id, lang);
      return faq ? faqView(siteUrl, [faq], lang) : "incomplete";
    }
    case "page": {
      // The draft on its own page, where the route table gives the page an address in this language.
      const text = await api.preview(kind, id, lang);
      const page = text && getPage(text.page);
      if (!text || !page) return "incomplete";
      return page.slugs[lang] !== undefined ? textPageView(siteUrl, page, lang, text) : "noPage";
    }
    case "about-life": {
      const article = await api.preview(kind, id, lang);
      return article ? articleView(siteUrl, article, lang, detailPath("about-life", lang, article.uri, article.id)!, {}) : "incomplete";
    }
  }
}
