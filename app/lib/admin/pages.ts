import type { Permission } from "~/lib/platform/api/admin-contract";
import { ADMIN_MENU_PREVIEW_ROUTE, ADMIN_PAGES, ADMIN_PREVIEW_ROUTE } from "~/route-patterns";

/** What a back-office page asks of a staff member, as `ADMIN_PAGES` declares it (app/route-patterns.js). */
export interface PageAccess {
  /** To open it; null: any staff member. */
  permission: Permission | null;
  /**
   * To post to it: one permission, or one per `?intent=` of the address ("" for any other or none);
   * "any": every signed-in staff member (their own account).
   */
  post?: Permission | "any" | Readonly<Record<string, Permission>>;
}

export interface AdminPage extends PageAccess {
  name: string;
  /** Under /admin ("" is /admin itself). */
  path: string;
  /** Listed in the admin menu (for those who hold its permission). */
  menu?: boolean;
}

// The declarations are plain JavaScript (remix.config.js reads them too): TypeScript checks them here.
const PAGES = [...ADMIN_PAGES, ADMIN_PREVIEW_ROUTE, ADMIN_MENU_PREVIEW_ROUTE] as const satisfies readonly (Pick<AdminPage, "name"> & PageAccess)[];

export type AdminPageName = (typeof PAGES)[number]["name"];

/** The pages inside the back office's layout, in the menu's order. */
export const adminPages: readonly AdminPage[] = ADMIN_PAGES;

const byName = new Map<string, PageAccess>(PAGES.map((page) => [page.name, page]));

export function pageAccess(name: AdminPageName): PageAccess {
  return byName.get(name)!;
}

/**
 * What a post to the page needs. The intent is read from the address (never the body), so the
 * permission is known before the body is. A page that declares no post takes none from anyone.
 */
export function postPermission(name: AdminPageName, url: string): Permission | "any" | null {
  const { post } = pageAccess(name);
  if (post === undefined || typeof post === "string") return post ?? null;
  const intent = new URL(url).searchParams.get("intent") ?? "";
  return Object.hasOwn(post, intent) ? post[intent] : post[""];
}
