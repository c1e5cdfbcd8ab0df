// The figures export route's server code, imported through this one module (ADR 019).
export { FIGURE_REPORTS, isFigureReport } from "~/lib/admin/figures/reports.server";
export { requirePage } from "~/lib/admin/guard.server";
export { default as i18next } from "~/lib/render/i18next.server";
