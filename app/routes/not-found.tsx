import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { defaultLanguage, isLang } from "~/lib/site/route-table";
import { data, i18next } from "./not-found.server";
import { NotFoundSuggestions, PageHeader, siteConfig, suggestedPages } from "~/components/page-kit";

/**
 * A real 404 in the visitor's language, not a redirect to `/`: links and crawlers learn that the page
 * is gone (docs/decisions/001).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const found = await i18next.getLocale(request);
  const lang = isLang(found) ? found : defaultLanguage;
  const t = await i18next.getFixedT(lang);
  const links = suggestedPages(lang);
  // Its caching (no-store, as for every error) is decided with every page's, in cache-control.server.ts.
  return data({ title: `${t("notFound.title")} | ${siteConfig.brand}`, links }, { status: 404 });
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? siteConfig.brand }, { name: "robots", content: "noindex" }];

export default function NotFound() {
  const { links } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t("notFound.title")} lead={t("notFound.text")} align="center" />
      <NotFoundSuggestions links={links} />
    </>
  );
}
