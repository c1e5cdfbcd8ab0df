// The language route's server code, imported through this one module (ADR 019).
export { safeAdminPath } from "~/lib/admin/guard.server";
export { staffLanguageCookie } from "~/lib/admin/language.server";
