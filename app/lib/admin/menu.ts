import type { Permission } from "~/lib/platform/api/admin-contract";
import { adminPages } from "~/lib/admin/pages";

export interface AdminMenuItem {
  name: string;
  href: string;
}

/** The admin menu: the pages the staff member may open (the specification's "authorized pages"). */
export function adminMenu(permissions: readonly Permission[]): AdminMenuItem[] {
  const held = new Set<string>(permissions);
  return adminPages
    .filter((page) => page.menu && page.permission && held.has(page.permission))
    .map((page) => ({
      name: page.name,
      href: page.path ? `/admin/${page.path}` : "/admin",
    }));
}
