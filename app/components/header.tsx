import { Link, NavLink } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { Dropdown, useDropdowns } from "~/components/dropdown";
import { LanguageMenu } from "~/components/language-menu";
import { useCloseOnNavigation } from "~/components/use-close-on-navigation";
import { Logo } from "~/components/logo";
import type { MenuTreatment, Settings } from "~/lib/platform/api/contract";
import { chunk } from "~/lib/site/chunk";
import { ExternalMenuLink, menuText } from "~/components/menu-link";
import { detailPath, menu, menuItemKey, pathFor, type Lang, type ResolvedMenuItem } from "~/lib/site/route-table";
import { telHref, whatsappHref } from "~/site-config";

const DESKTOP = "(min-width: 1200px)";

/**
 * The phone menu closes on navigation, on a click in the content, on a resize, and at 1200 px and up,
 * where the desktop menu shows: an open panel never covers a page the visitor has moved on to. Escape
 * closes it whole, groups inside included, and hands the focus back to its toggle. (A tap on its
 * backdrop is a tap on the toggle: the stylesheet's doing, with or without JavaScript.)
 */
function useMobileMenu() {
  const ref = useRef<HTMLDetailsElement>(null);
  useCloseOnNavigation(() => (ref.current ? [ref.current] : []));
  useEffect(() => {
    const close = () => {
      if (ref.current) ref.current.open = false;
    };
    const onKey = (event: KeyboardEvent) => {
      const menu = ref.current;
      if (event.key !== "Escape" || !menu?.open) return;
      // Before the header's dropdowns see it (they would focus a summary the closed menu hides).
      event.stopPropagation();
      for (const group of menu.querySelectorAll("details[open]")) (group as HTMLDetailsElement).open = false;
      menu.open = false;
      menu.querySelector("summary")?.focus();
    };
    const main = document.getElementById("main");
    const desktop = window.matchMedia(DESKTOP);
    const onWidth = (e: MediaQueryListEvent) => e.matches && close();
    window.addEventListener("resize", close);
    document.addEventListener("keydown", onKey, true);
    main?.addEventListener("click", close);
    desktop.addEventListener("change", onWidth);
    return () => {
      window.removeEventListener("resize", close);
      document.removeEventListener("keydown", onKey, true);
      main?.removeEventListener("click", close);
      desktop.removeEventListener("change", onWidth);
    };
  }, []);
  return ref;
}

export function Header({
  lang,
  treatments,
  settings,
  items: edited,
  withItems,
}: {
  lang: Lang;
  treatments: MenuTreatment[];
  settings: Settings;
  /** The language's published (or previewed) menu, resolved; without it, the route table's (ADR 062). */
  items?: ResolvedMenuItem[] | null;
  /** The pages that exist only with items (ADR 060) that have some in this language. */
  withItems: readonly string[];
}) {
  const { t } = useTranslation();
  const mobileMenu = useMobileMenu();
  const header = useRef<HTMLElement>(null);
  useDropdowns(header);
  const items = edited ?? menu("header", lang, withItems);
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
            <NavPanel lang={lang} items={items} treatments={treatments} settings={settings} />
          </div>
        </details>
        <LanguageMenu lang={lang} />
        <Link to={offerPath} className="button button-cta">
          {t("header.getAnOffer")}
        </Link>
      </div>
    </header>
  );
}

/** The menu and the contact links. */
function NavPanel({ lang, items, treatments, settings }: { lang: Lang; items: ResolvedMenuItem[]; treatments: MenuTreatment[]; settings: Settings }) {
  const { t } = useTranslation();
  return (
    <>
      <nav aria-label={t("header.mainNav")}>
        <ul className="menu">
          {items.map((item) => (
            <MenuItem key={menuItemKey(item)} item={item} lang={lang} treatments={treatments} />
          ))}
        </ul>
      </nav>
      <Utilities lang={lang} settings={settings} />
    </>
  );
}

/**
 * NavLink marks the section shown (its page or one below it) with aria-current="page", which the
 * stylesheet reads; its default class names ("active", "pending") are not used, so none is added.
 */
const noClassName = () => undefined;

function MenuItem({ item, lang, treatments = [] }: { item: ResolvedMenuItem; lang: Lang; treatments?: MenuTreatment[] }) {
  const { t } = useTranslation();
  if (item.kind === "link") {
    return (
      <li>
        <NavLink to={item.path} prefetch="intent" className={noClassName}>
          {menuText(item, t)}
        </NavLink>
      </li>
    );
  }
  if (item.kind === "external") {
    return (
      <li>
        <ExternalMenuLink item={item} />
      </li>
    );
  }
  if (item.kind === "treatments") {
    return (
      <li>
        <Dropdown summary={menuText(item, t)} className="menu-dropdown treatments-menu">
          {/* The menu's treatments in columns of three: twelve make four short columns, not one long list. */}
          <div className="treatment-columns">
            {chunk(treatments, 3).map((column) => (
              <ul key={column[0].id}>
                {column.map((treatment) => (
                  <li key={treatment.id}>
                    <Link to={detailPath(item.page, lang, treatment.uri, treatment.id)!} prefetch="intent">
                      {treatment.title}
                    </Link>
                  </li>
                ))}
              </ul>
            ))}
          </div>
          <p className="all-treatments">
            <Link to={item.path}>{t("header.allTreatments")}</Link>
          </p>
        </Dropdown>
      </li>
    );
  }
  return (
    <li>
      <Dropdown summary={menuText(item, t)} className="menu-dropdown">
        <ul>
          {item.items.map((child) => (
            <MenuItem key={menuItemKey(child)} item={child} lang={lang} />
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
                <Link to={registerPath}>{t("header.register")}</Link>
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
