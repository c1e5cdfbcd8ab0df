import { useTranslation } from "react-i18next";
import type { Lang } from "~/lib/site/route-table";
import type { Settings } from "~/lib/platform/api/contract";
import { whatsappHref } from "~/site-config";

/**
 * The floating WhatsApp button of phones and tablets (the stylesheet hides it from 1200 px, where the
 * header's top row shows the same link): the language's number, as the header's menu has it. A plain
 * link, so it works without JavaScript. Where it would cover a form, the form's card paints over it
 * (app.css, "Floating WhatsApp button").
 */
export function WhatsAppButton({ lang, settings }: { lang: Lang; settings: Settings }) {
  const { t } = useTranslation();
  return (
    <a className="whatsapp-float" href={whatsappHref(settings.whatsapp[lang])} rel="noopener noreferrer" target="_blank">
      <svg aria-hidden="true" width="28" height="28" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinejoin="round">
        {/* A speech bubble with a handset: the messaging button's usual sign, drawn here. */}
        <path d="M12 3a9 9 0 0 0-7.8 13.5L3 21l4.6-1.2A9 9 0 1 0 12 3z" />
        <path
          d="M9.2 8.2c.3-.3.7-.3.9 0l.9 1.5c.1.3 0 .6-.2.8l-.4.4c.4 1 1.3 1.9 2.4 2.5l.5-.4c.2-.2.5-.3.8-.1l1.4.8c.3.2.4.6.1.9l-.6.7c-.5.5-1.2.6-1.8.3a8.6 8.6 0 0 1-4.4-4.4c-.3-.6-.2-1.4.4-1.9z"
          fill="currentColor"
          stroke="none"
        />
      </svg>
      <span className="visually-hidden">
        {t("header.whatsapp")} ({t("common.opensInNewTab")})
      </span>
    </a>
  );
}
