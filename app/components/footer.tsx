import { Link, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ConsentForm } from "~/components/consent-banner";
import { Logo } from "~/components/logo";
import { FooterNewsletter } from "~/components/newsletter-signup";
import { PushOptIn } from "~/components/push-opt-in";
import { ExternalMenuLink, menuText } from "~/components/menu-link";
import { menu, menuItemKey, type Lang, type ResolvedMenuItem } from "~/lib/site/route-table";
import type { Settings } from "~/lib/platform/api/contract";
import { siteConfig, socialLinks, telHref, whatsappHref } from "~/site-config";

/** `groups`: the language's published (or previewed) footer menu, resolved; without it, the route table's (ADR 062). `withItems`: the pages that exist only with items (ADR 060) that have some in this language. */
export function Footer({
  lang,
  year,
  settings,
  groups,
  withItems,
}: {
  lang: Lang;
  year: number;
  settings: Settings;
  groups?: ResolvedMenuItem[] | null;
  withItems: readonly string[];
}) {
  const { t } = useTranslation();
  const location = useLocation();
  return (
    <footer className="site-footer">
      <div className="container footer-grid">
        <FooterLinks lang={lang} settings={settings} groups={groups ?? menu("footer", lang, withItems)} />
      </div>
      <div className="container">
        <FooterNewsletter lang={lang} />
        <PushOptIn lang={lang} />
      </div>
      <div className="container footer-bottom">
        <p>{t("footer.copyright", { year, brand: siteConfig.brand })}</p>
        <ConsentForm intent="reset" redirectTo={location.pathname + location.search} className="link-button">
          {t("footer.cookieSettings")}
        </ConsentForm>
      </div>
    </footer>
  );
}

/** The contact details and the footer's links. */
function FooterLinks({ lang, settings, groups }: { lang: Lang; settings: Settings; groups: ResolvedMenuItem[] }) {
  const { t } = useTranslation();
  return (
    <>
      <div className="footer-contact">
        <Logo lang={lang} />
        <address>
          <p>{settings.address}</p>
          <p>
            <span>
              {t("footer.email")}
              {t("footer.colon")}{" "}
            </span>
            <a href={`mailto:${settings.email}`}>{settings.email}</a>
          </p>
          <p>
            <span>
              {t("footer.phone")}
              {t("footer.colon")}{" "}
            </span>
            <a href={telHref(settings.phone)}>
              <bdi dir="ltr">{settings.phone}</bdi>
            </a>
          </p>
          <p>
            <span>
              {t("header.whatsapp")}
              {t("footer.colon")}{" "}
            </span>
            <a href={whatsappHref(settings.whatsapp[lang])} rel="noopener noreferrer" target="_blank">
              <bdi dir="ltr">{settings.whatsapp[lang]}</bdi>
            </a>
          </p>
        </address>
        <ul className="social" aria-label={t("footer.followUs")}>
          {socialLinks(settings).map((s) => (
            <li key={s.network}>
              <a href={s.url} rel="noopener noreferrer">
                {s.network}
              </a>
            </li>
          ))}
        </ul>
        <img
          className="certificate"
          src="/images/health-tourism-authorization.svg"
          width="220"
          height="96"
          loading="lazy"
          alt={t("footer.certificateAlt", { number: siteConfig.certificateNumber })}
        />
      </div>
      <nav className="footer-nav" aria-label={t("footer.nav")}>
        {groups.map((group) =>
          group.kind === "group" ? (
            <div key={menuItemKey(group)}>
              <h2>{menuText(group, t)}</h2>
              <ul>
                {group.items.map((item) =>
                  item.kind === "group" ? null : (
                    <li key={menuItemKey(item)}>
                      {item.kind === "external" ? <ExternalMenuLink item={item} /> : <Link to={item.path}>{menuText(item, t)}</Link>}
                    </li>
                  ),
                )}
              </ul>
            </div>
          ) : null,
        )}
      </nav>
    </>
  );
}
