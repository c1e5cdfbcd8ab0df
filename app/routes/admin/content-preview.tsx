import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { contentPath } from "~/lib/admin/content-kinds";
import type { PreviewKind } from "~/lib/admin/content-preview.server";
import { previewPath } from "~/components/page-kit";
import { isLang, languages } from "~/lib/site/route-table";
import AboutLifeArticlePage from "~/routes/about-life-article";
import BlogPostPage from "~/routes/blog-post";
import DealPage from "~/routes/deal";
import DoctorPage from "~/routes/doctor";
import FaqPage from "~/routes/faq";
import SubTreatmentPage from "~/routes/sub-treatment";
import TextPage from "~/routes/text-page";
import TreatmentPage from "~/routes/treatment";
import previewStyles from "~/styles/preview.css";
import { data, i18next, isPreviewKind, previewView, requireId, requirePage, staffCall, staffLanguage } from "./content-preview.server";

export const handle = { i18n: ["common"] };

// The public pages' styles come with the root's one stylesheet; the preview banner's are its own.
export const links: LinksFunction = () => [{ rel: "stylesheet", href: previewStyles }];

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `${data.preview.banner} | ${"meta" in data ? data.meta.title : data.preview.notice}` : "" },
  { name: "robots", content: "noindex, nofollow" },
];

/**
 * A draft as its public page will read once published: the public page's own view and component,
 * the public header and footer in the previewed language, a banner in the staff member's. The
 * back office's rules hold (server.ts, cache-control.server.ts): a session, never cached or kept,
 * never indexed; the staff token stays on the server.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const staff = requirePage(request, context, "content-preview");
  const { kind, lang } = params;
  if (!isPreviewKind(kind) || !isLang(lang)) throw data({ reason: "notFound" }, { status: 404 });
  const id = requireId(params.id);
  const staffLang = staffLanguage(request);
  const t = await i18next.getFixedT(staffLang, "admin");
  const view = await staffCall(context, () => previewView(context.staffApi.as(staff.token), context, kind, id, lang));
  const preview = {
    kind: kind as PreviewKind,
    lang: staffLang,
    banner: t("content.preview.banner"),
    text: t("content.preview.text", { language: t(`siteLanguages.${lang}`) }),
    notice: typeof view === "string" ? t(`content.preview.${view}`) : null,
    editorPath: contentPath(kind, id),
    backToEditor: t("content.preview.backToEditor"),
  };
  // The language menu moves between this draft's previews, not to public pages it may not have yet.
  const languagePaths = Object.fromEntries(languages.map((code) => [code, previewPath(kind, id, code)]));
  if (typeof view === "string") return data({ preview, languagePaths }, { status: 404 });
  return { ...view, languagePaths, preview };
}

const PAGES: Record<PreviewKind, () => JSX.Element> = {
  blog: BlogPostPage,
  treatment: TreatmentPage,
  subTreatment: SubTreatmentPage,
  specialDeal: DealPage,
  doctor: DoctorPage,
  faq: FaqPage,
  page: TextPage,
  "about-life": AboutLifeArticlePage,
};

export default function ContentPreview() {
  const { preview } = useLoaderData<typeof loader>();
  const Page = PAGES[preview.kind];
  // The staff member's language, left to right, inside a page that may read right to left.
  const own = { lang: preview.lang, dir: "ltr" } as const;
  if (preview.notice) {
    return (
      <section className="page-hero preview-notice">
        <div className="container" {...own}>
          <h1>{preview.banner}</h1>
          <p className="lead">{preview.notice}</p>
          <p>
            <a href={preview.editorPath}>{preview.backToEditor}</a>
          </p>
        </div>
      </section>
    );
  }
  return (
    <>
      <aside className="preview-banner" aria-label={preview.banner} {...own}>
        <div className="container">
          <p>
            <strong>{preview.banner}</strong> {preview.text}
          </p>
          {/* A whole page load: the editor is the back office's layout, not this public one. */}
          <a href={preview.editorPath}>{preview.backToEditor}</a>
        </div>
      </aside>
      <Page />
    </>
  );
}
