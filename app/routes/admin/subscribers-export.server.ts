// The consent records export's server code, imported through this one module (ADR 019).
export { requirePage, staffCall } from "~/lib/admin/guard.server";
export { default as i18next } from "~/lib/render/i18next.server";
