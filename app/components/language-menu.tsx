import { useMatches } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Dropdown } from "~/components/dropdown";
import { leafData } from "~/lib/render/leaf-data";
import { languages, nativeLanguageName, switcherTargets, type Lang, type LanguagePaths } from "~/lib/site/route-table";

/**
 * The route Remix matched (its id names the table page and kind) and, for a detail page, its own
 * per-language paths, which its loader returns as `languagePaths`.
 */
function useCurrentRoute(): { id: string | undefined; paths: LanguagePaths } {
  const matches = useMatches();
  const leaf = matches[matches.length - 1];
  return { id: leaf?.id, paths: leafData(leaf?.data).languagePaths ?? {} };
}

export function LanguageMenu({ lang }: { lang: Lang }) {
  const { t } = useTranslation();
  const current = useCurrentRoute();
  const targets = switcherTargets(current.id, current.paths);
  return (
    <Dropdown
      className="language-menu"
      summary={
        // The name starts with what is shown ("EN"), so "click EN" works for speech input (WCAG
        // 2.5.3); the hidden words say what the button does.
        <>
          <GlobeIcon />
          <span className="language-code">{lang.toUpperCase()}</span>
          <span className="visually-hidden"> {t("header.language", { language: nativeLanguageName(lang) })}</span>
        </>
      }
    >
      <ul>
        {languages.map((code) => (
          <li key={code}>
            {/* A full page load, not a client-side navigation: the page's answer in the new language, a
                detail page as much as any other, stores it for `/` (rememberLanguage in entry.server.tsx). */}
            <a href={targets[code]} hrefLang={code} lang={code} aria-current={code === lang ? "true" : undefined}>
              {nativeLanguageName(code)}
            </a>
          </li>
        ))}
      </ul>
    </Dropdown>
  );
}

function GlobeIcon() {
  return (
    <svg aria-hidden="true" width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2">
      <circle cx="12" cy="12" r="10" />
      <path d="M2 12h20M12 2a15 15 0 0 1 0 20M12 2a15 15 0 0 0 0 20" />
    </svg>
  );
}
