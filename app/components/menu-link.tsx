import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import type { ResolvedMenuItem } from "~/lib/site/route-table";

/** A menu entry's words: a translation key of the table's, or the text staff typed, shown as text (React escapes it). */
export const menuText = (item: { label: string; plain?: boolean }, t: TFunction) => (item.plain ? item.label : t(item.label));

/** An external link of an edited menu (ADR 062): its address is http(s) only (resolveMenuDoc), its rel as staff chose. */
export function ExternalMenuLink({ item }: { item: Extract<ResolvedMenuItem, { kind: "external" }> }) {
  const { t } = useTranslation();
  return (
    <a href={item.url} rel={item.rel || undefined} target={item.newTab ? "_blank" : undefined}>
      {item.label}
      {item.newTab ? <span className="visually-hidden"> ({t("common.opensInNewTab")})</span> : null}
    </a>
  );
}
