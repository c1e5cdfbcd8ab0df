import { useLocation } from "@remix-run/react";
import { SiteLink } from "~/components/site-link";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { Dropdown, useDropdowns } from "~/components/dropdown";
import { LanguageMenu } from "~/components/language-menu";
import { useCloseOnNavigation } from "~/components/use-close-on-navigation";
import { Logo } from "~/components/logo";
import type { MenuTreatment, Settings } from "~/lib/api/contract";
import { chunk } from "~/lib/chunk";
import { detailPath, menu, pathFor, type Lang, type ResolvedMenuItem } from "~/lib/route-table";
import { telHref, whatsappHref } from "~/site-config";

const DESKTOP = "(min-width: 1200px)";

/**
 * The phone menu closes on navigation, on a click in the content, on a resize, and at 1200 px and up,
 * where the desktop menu shows: an open panel never covers a page the visitor has moved on to.
 */
function useMobileMenu() {
  const ref = useRef<HTMLDetailsElement>(null);
  useCloseOnNavigation(() => (ref.current ? [ref.current] : []));
  useEffect(() => {
    const close = () => {
      if (ref.current) ref.current.open = false;
    };
    const main = document.getElementById("main");
    const desktop = window.matchMedia(DESKTOP);
    const onWidth = (e: MediaQueryListEvent) => e.matches && close();
    window.addEventListener("resize", close);
    main?.addEventListener("click", close);
    desktop.addEventListener("change", onWidth);
    return () => {
      window.removeEventListener("resize", close);
      main?.removeEventListener("click", close);
      desktop.removeEventListener("change", onWidth);
    };
  }, []);
  return ref;
}

export function Header({ lang, treatments, settings }: { lang: Lang; treatments: MenuTreatment[]; settings: Settings }) {
  const { t } = useTranslation();
  const mobileMenu = useMobileMenu();
  const header = useRef<HTMLElement>(null);
  useDropdowns(header);
  const items = menu("header", lang);
  const marked = currentPaths(items, useLocation().pathname);
  const offerPath = pathFor("get-an-offer", lang) ?? `/${lang}`;
  return (
    <header ref={header} className="site-header">
      <div className="container navbar">
        <Logo lang={lang} />
        <details ref={mobileMenu} className="mobile-nav">
          <summary aria-label={t("header.menu")}>
            <MenuIcon />
          </summary>
          <div className="nav-panel">
            <NavPanel lang={lang} items={items} marked={marked} treatments={treatments} settings={settings} />
          </div>
        </details>
        <LanguageMenu lang={lang} />
        <SiteLink to={offerPath} className="button button-cta">
          {t("header.getAnOffer")}
        </SiteLink>
      </div>
    </header>
  );
}

/** The menu and the contact links. */
function NavPanel({
  lang,
  items,
  marked,
  treatments,
  settings,
}: {
  lang: Lang;
  items: ResolvedMenuItem[];
  marked: string[];
  treatments: MenuTreatment[];
  settings: Settings;
}) {
  const { t } = useTranslation();
  return (
    <>
      <nav aria-label={t("header.mainNav")}>
        <ul className="menu">
          {items.map((item) => (
            <MenuItem key={item.kind === "group" ? item.label : item.page} item={item} lang={lang} marked={marked} treatments={treatments} />
          ))}
        </ul>
      </nav>
      <Utilities lang={lang} settings={settings} />
    </>
  );
}

/**
 * Whether the page shown is `path` or one below it, as Remix's NavLink marks its link current:
 * paths compared percent-encoded (as the location is) and regardless of case.
 */
function isWithin(current: string, path: string) {
  const here = current.toLowerCase();
  const section = sectionOf(path);
  return here === section || (here.startsWith(section) && here.charAt(section.length) === "/");
}

// The menu's paths are the route table's, a fixed set: each is parsed once, not on every request.
const sections = new Map<string, string>();
function sectionOf(path: string) {
  let section = sections.get(path);
  if (section === undefined) sections.set(path, (section = new URL(path, "http://site").pathname.toLowerCase()));
  return section;
}

/** The paths of the menu's links the page shown is within: they are marked current. */
function currentPaths(items: ResolvedMenuItem[], current: string): string[] {
  return items.flatMap((item) =>
    item.kind === "group" ? currentPaths(item.items, current) : item.kind === "link" && isWithin(current, item.path) ? [item.path] : [],
  );
}

function MenuItem({ item, lang, marked, treatments = [] }: { item: ResolvedMenuItem; lang: Lang; marked: string[]; treatments?: MenuTreatment[] }) {
  const { t } = useTranslation();
  if (item.kind === "link") {
    return (
      <li>
        <SiteLink to={item.path} prefetch="intent" aria-current={marked.includes(item.path) ? "page" : undefined}>
          {t(item.label)}
        </SiteLink>
      </li>
    );
  }
  if (item.kind === "treatments") {
    return (
      <li>
        <Dropdown summary={t(item.label)} className="menu-dropdown treatments-menu">
          {/* The menu's treatments in columns of three: twelve make four short columns, not one long list. */}
          <div className="treatment-columns">
            {chunk(treatments, 3).map((column) => (
              <ul key={column[0].id}>
                {column.map((treatment) => (
                  <li key={treatment.id}>
                    <SiteLink to={detailPath(item.page, lang, treatment.uri, treatment.id)!} prefetch="intent">
                      {treatment.title}
                    </SiteLink>
                  </li>
                ))}
              </ul>
            ))}
          </div>
          <p className="all-treatments">
            <SiteLink to={item.path}>{t("header.allTreatments")}</SiteLink>
          </p>
        </Dropdown>
      </li>
    );
  }
  return (
    <li>
      <Dropdown summary={t(item.label)} className="menu-dropdown">
        <ul>
          {item.items.map((child) => (
            <MenuItem key={child.kind === "group" ? child.label : child.page} item={child} lang={lang} marked={marked} />
          ))}
        </ul>
      </Dropdown>
    </li>
  );
}

function Utilities({ lang, settings }: { lang: Lang; settings: Settings }) {
  const { t } = useTranslation();
  const whatsapp = settings.whatsapp[lang];
  const registerPath = pathFor("register", lang);
  return (
    <ul className="utilities">
      <li>
        <a href={telHref(settings.phone)}>
          <span className="visually-hidden">{t("header.call")} </span>
          <bdi dir="ltr">{settings.phone}</bdi>
        </a>
      </li>
      <li>
        <a href={whatsappHref(whatsapp)} rel="noopener noreferrer" target="_blank">
          {t("header.whatsapp")}
          <span className="visually-hidden"> ({t("common.opensInNewTab")})</span>
        </a>
      </li>
      <li>
        <Dropdown summary={t("header.patientPortal")} className="menu-dropdown portal-menu">
          <ul>
            <li>
              <a href={settings.portalUrl} rel="noopener noreferrer">
                {t("header.portalLogin")}
              </a>
            </li>
            {registerPath ? (
              <li>
                <SiteLink to={registerPath}>{t("header.register")}</SiteLink>
              </li>
            ) : null}
          </ul>
        </Dropdown>
      </li>
    </ul>
  );
}

function MenuIcon() {
  return (
    <svg aria-hidden="true" width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round">
      <path d="M3 6h18M3 12h18M3 18h18" />
    </svg>
  );
}
