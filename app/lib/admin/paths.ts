/** Whether a path is the back office's: its pages and their single-fetch data (`/admin.data`). */
export const isAdminPath = (pathname: string) => pathname === "/admin" || pathname.startsWith("/admin/") || pathname.startsWith("/admin.");
