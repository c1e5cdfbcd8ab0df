/** Whether a path is the back office's: its pages and their single-fetch data (`/admin.data`). */
export const isAdminPath = (pathname: string) => pathname === "/admin" || pathname.startsWith("/admin/") || pathname.startsWith("/admin.");

/** Where a draft is previewed as its public page in one language (app/routes/admin/content-preview.tsx). */
export const previewPath = (kind: string, id: number, lang: string) => `/admin/content/${kind}/${id}/preview/${lang}`;

/** Where a language's menu draft is previewed (app/routes/admin/menu-preview.tsx). */
export const menuPreviewPath = (lang: string) => `/admin/menus/${lang}/preview`;

const PREVIEW = /^\/admin\/content\/[A-Za-z]+\/\d+\/preview\/([a-z]{2})(?:\.data)?$/;
/** A language's menu draft in the public look (ADR 062). */
const MENU_PREVIEW = /^\/admin\/menus\/([a-z]{2})\/preview(?:\.data)?$/;

/**
 * The language a preview path shows its draft in, or null for any other path. A preview is the back
 * office's (a session, never cached or indexed) but speaks the previewed language, in the public look.
 */
export function previewLanguage(pathname: string): string | null {
  return (PREVIEW.exec(pathname) ?? MENU_PREVIEW.exec(pathname))?.[1] ?? null;
}

/** The content editor's pages (`pagePathOf` already took `.data` off): their forms are multipart. */
export const isContentEditorPath = (pathname: string) => pathname.startsWith("/admin/content/");
