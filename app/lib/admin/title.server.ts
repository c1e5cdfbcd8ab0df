import i18next from "~/lib/render/i18next.server";
import { siteConfig } from "~/site-config";

/** An admin page's <title>: its name, then the back office's, in the staff member's language. */
export async function adminTitle(request: Request, key: string, values?: Record<string, string | number>) {
  const t = await i18next.getFixedT(request, "admin");
  return `${t(key, values)} | ${t("brand", { brand: siteConfig.brand })}`;
}
