import type { Breadcrumb } from "~/lib/site/breadcrumbs";
import { isLang, type LanguagePaths, type ResolvedMenuItem } from "~/lib/site/route-table";

/**
 * What the root and the page chrome (the language menu) read of the matched page's own loader data,
 * through Remix's `useMatches()`: each page loader returns these by name when it has them. Checked
 * here rather than assumed, since the leaf may be any route (an admin page, the 404 page, a
 * route's error): a value of another shape is treated as absent.
 */
export interface LeafData {
  /** The page's trail (breadcrumbs.server.ts): the visible breadcrumbs and their schema.org list. */
  breadcrumbs?: Breadcrumb[];
  /** The page's schema.org object (structured-data.server.ts), or several (a treatment and its packages' offers). */
  jsonLd?: Record<string, unknown> | Record<string, unknown>[];
  /** A lead form's token: the page shows its own "sent" as the form's thank-you state. */
  csrf?: string;
  /** A detail page's own path in each language, for the language menu. */
  languagePaths?: LanguagePaths;
  /** A menu draft's preview (ADR 062): the header and footer it shows instead of the published ones. */
  menuPreview?: { header: ResolvedMenuItem[]; footer: ResolvedMenuItem[] };
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);
const isBreadcrumb = (value: unknown): value is Breadcrumb => isRecord(value) && typeof value.name === "string" && typeof value.path === "string";
const isLanguagePaths = (value: unknown): value is LanguagePaths =>
  isRecord(value) && Object.entries(value).every(([lang, path]) => isLang(lang) && (path === undefined || typeof path === "string"));

/** The fields of a leaf route's data the chrome reads (`useMatches().at(-1)?.data`). */
export function leafData(data: unknown): LeafData {
  if (!isRecord(data)) return {};
  const { breadcrumbs, jsonLd, csrf, languagePaths, menuPreview } = data;
  return {
    ...(Array.isArray(breadcrumbs) && breadcrumbs.every(isBreadcrumb) ? { breadcrumbs } : {}),
    ...(isRecord(jsonLd) || (Array.isArray(jsonLd) && jsonLd.every(isRecord)) ? { jsonLd } : {}),
    ...(typeof csrf === "string" ? { csrf } : {}),
    ...(isLanguagePaths(languagePaths) ? { languagePaths } : {}),
    // Made by the preview's own loader from the draft (resolveMenuDoc); only its lists are checked here.
    ...(isRecord(menuPreview) && Array.isArray(menuPreview.header) && Array.isArray(menuPreview.footer)
      ? { menuPreview: menuPreview as LeafData["menuPreview"] }
      : {}),
  };
}
