import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { defaultLanguage, isLang, pathFor } from "~/lib/site/route-table";
import { data, i18next } from "./not-found.server";
import { PageHeader, siteConfig } from "~/components/page-kit";

const suggestions = ["home", "treatments", "get-an-offer", "special-deals", "about-us", "contact"];

/**
 * A real 404 in the visitor's language, not a redirect to `/`: links and crawlers learn that the page
 * is gone (docs/decisions/001).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const found = await i18next.getLocale(request);
  const lang = isLang(found) ? found : defaultLanguage;
  const t = await i18next.getFixedT(lang);
  const links = suggestions.flatMap((name) => {
    const path = pathFor(name, lang);
    return path ? [{ name, path }] : [];
  });
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
      <div className="container page-body">
        <nav aria-labelledby="not-found-suggestions" className="suggestions">
          <h2 id="not-found-suggestions">{t("notFound.suggestions")}</h2>
          <ul>
            {links.map((l) => (
              <li key={l.name}>
                <Link to={l.path}>{t(`titles.${l.name}`)}</Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </>
  );
}
