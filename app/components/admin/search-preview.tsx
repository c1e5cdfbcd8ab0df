import { useRouteLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { siteConfig } from "~/components/page-kit";
import { KIND_PAGES } from "~/lib/site/kind-pages";
import { pathFor, type Lang } from "~/lib/site/route-table";
import type { ContentKind } from "~/lib/platform/api/content-contract";

/** What a search result shows before it cuts a line short (Google's usual: about 60 and 160 characters). */
const TITLE_SHOWN = 60;
const DESCRIPTION_SHOWN = 160;

const cut = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text);

/** The page's address as a result shows it: the list's path, then the uri (and the id, once the item has one). */
function resultPath(kind: ContentKind, lang: Lang, uri: string, id: number | null): string | null {
  const page = KIND_PAGES[kind];
  const list = page ? pathFor(page, lang) : null;
  if (!list || !uri) return list;
  if (kind === "doctor") return `${list}/${uri}`;
  if (kind === "subTreatment") return `${list}/…/${uri}`;
  return `${list}/${uri}/${id ?? "…"}`;
}

/**
 * How a language's page would look as a search result, from what the form holds as it is typed:
 * its title (the SEO title, else the title, with the site's name as every page's title ends), its
 * address and its description (the SEO description, else the summary), cut where a result cuts
 * them, with a word when they run long or the description is missing.
 */
export function SearchPreview(props: {
  kind: ContentKind;
  id: number | null;
  lang: Lang;
  uiLang: string;
  values: { title?: string; seoTitle?: string; summary?: string; seoDescription?: string; uri?: string };
}) {
  const { kind, id, lang, uiLang, values } = props;
  const { t } = useTranslation("admin");
  // The back office's layout (route id "admin", remix.config.js) says which host the public site answers on.
  const siteHost = (useRouteLoaderData("admin") as { siteHost?: string } | undefined)?.siteHost ?? "";
  const title = `${values.seoTitle?.trim() || values.title?.trim() || t("content.serp.noTitle")} | ${siteConfig.brand}`;
  const description = values.seoDescription?.trim() || values.summary?.trim() || "";
  const path = resultPath(kind, lang, values.uri?.trim() ?? "", id);
  const notes = [
    title.length > TITLE_SHOWN ? t("content.serp.titleLong", { max: TITLE_SHOWN }) : null,
    description.length > DESCRIPTION_SHOWN ? t("content.serp.descriptionLong", { max: DESCRIPTION_SHOWN }) : null,
    description ? null : t("content.serp.noDescription"),
  ].filter(Boolean);
  const headingId = `serp-${lang}`;
  return (
    <section className="serp-preview" aria-labelledby={headingId}>
      {/* Not a heading: the editor's outline is its fieldsets (a heading here would skip from the page's h1). */}
      <p id={headingId} className="serp-heading" lang={uiLang}>
        {t("content.serp.label")}
      </p>
      <div className="serp-result">
        <p className="serp-url" dir="ltr">
          {[siteHost, ...(path ?? "").split("/").filter(Boolean)].join(" › ")}
        </p>
        <p className="serp-title">{cut(title, TITLE_SHOWN)}</p>
        <p className="serp-description">{description ? cut(description, DESCRIPTION_SHOWN) : "—"}</p>
      </div>
      {notes.length ? (
        <ul className="serp-notes" lang={uiLang}>
          {notes.map((note) => (
            <li key={note}>
              <bdi>{note}</bdi>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
