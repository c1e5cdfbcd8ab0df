import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { menuTable } from "~/lib/admin/menu-screen";
import { menuPreviewPath } from "~/components/page-kit";
import { defaultMenuDoc } from "~/lib/site/menu-shapes";
import { isLang, languages } from "~/lib/site/route-table";
import previewStyles from "~/styles/preview.css";
import { data, i18next, requirePage, resolveMenus, staffCall, staffLanguage } from "./menu-preview.server";

export const handle = { i18n: ["common"] };

export const links: LinksFunction = () => [{ rel: "stylesheet", href: previewStyles }];

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `${data.preview.banner} | ${data.preview.text}` : "" },
  { name: "robots", content: "noindex, nofollow" },
];

/**
 * A language's menu draft as visitors would see it (ADR 062): the public header and footer in that
 * language (right to left for Arabic) built from the draft, resolved as a published menu is (pages
 * missing in the language left out), and a banner in the staff member's language. The root reads
 * the draft's menus from this route's data (`menuPreview`, leaf-data.ts). The back office's rules
 * hold: a session with publish:content, never cached or indexed; the staff token stays here.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const staff = requirePage(request, context, "menu-preview");
  const { lang } = params;
  if (!isLang(lang)) throw data({ reason: "notFound" }, { status: 404 });
  const { result: state } = await staffCall(context, () => context.staffApi.as(staff.token).get("menus", { params: { lang } }));
  const doc = state.draft ?? state.published ?? defaultMenuDoc(menuTable, lang);
  const staffLang = staffLanguage(request);
  const t = await i18next.getFixedT(staffLang, "admin");
  return {
    menuPreview: await resolveMenus(context, doc, lang),
    // The language menu moves between the draft previews of the languages.
    languagePaths: Object.fromEntries(languages.map((code) => [code, menuPreviewPath(code)])),
    preview: {
      lang: staffLang,
      banner: t("menus.previewBanner"),
      text: t("menus.previewText", { language: t(`siteLanguages.${lang}`) }),
      back: t("menus.backToMenus"),
      backPath: `/admin/menus?lang=${lang}`,
    },
  };
}

export default function MenuPreview() {
  const { preview } = useLoaderData<typeof loader>();
  // The staff member's language, left to right, inside a page that may read right to left.
  const own = { lang: preview.lang, dir: "ltr" } as const;
  return (
    <>
      {/* The page's own place, under the header as on every public page (at desktop width the header lies over its top): the menus are above and below it. */}
      <section className="page-hero preview-notice">
        <div className="container" {...own}>
          <h1>{preview.banner}</h1>
          <p className="lead">{preview.text}</p>
        </div>
      </section>
      <aside className="preview-banner" aria-label={preview.banner} {...own}>
        <div className="container">
          <p>
            <strong>{preview.banner}</strong>
          </p>
          {/* A whole page load: the menus screen is the back office's layout, not this public one. */}
          <a href={preview.backPath}>{preview.back}</a>
        </div>
      </aside>
    </>
  );
}
