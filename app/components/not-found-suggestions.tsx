import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { Suggestion } from "~/lib/site/not-found";
import { getPage } from "~/lib/site/route-table";

/** The pages a 404 offers to go on to, named by their titles in the route table. */
export function NotFoundSuggestions({ links }: { links: Suggestion[] }) {
  const { t } = useTranslation();
  return (
    <div className="container page-body">
      <nav aria-labelledby="not-found-suggestions" className="suggestions">
        <h2 id="not-found-suggestions">{t("notFound.suggestions")}</h2>
        <ul>
          {links.map((l) => (
            <li key={l.path}>
              <Link to={l.path}>{t(getPage(l.name)?.pageTitle ?? `titles.${l.name}`)}</Link>
            </li>
          ))}
        </ul>
      </nav>
    </div>
  );
}
