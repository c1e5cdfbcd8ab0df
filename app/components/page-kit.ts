/**
 * What the root and the public pages share, imported from here and nowhere else (ADR 024).
 *
 * The compiler puts each module into the script file of the exact set of routes that load it, so
 * eight small modules that nearly every page used each became a file of their own (300 bytes to
 * 1 KB). A phone on a slow link waits out a request per file before its first paint. Imported through
 * this one module by the root and by every route that uses any of them, they share one set of
 * routes, so one file. The modules below import each other directly; a route or the root never
 * does (tests/integration/production-server.test.ts counts each page type's script files).
 */
export { ApiImage, IMAGE_SIZES } from "~/components/api-image";
export { BlogCard } from "~/components/blog-card";
export { ContentSections } from "~/components/content-sections";
export { NewsletterSignup, NextIssueSignup } from "~/components/newsletter-signup";
export { NotFoundSuggestions } from "~/components/not-found-suggestions";
export { OfferCallout } from "~/components/offer-callout";
export { PageHeader } from "~/components/page-header";
export { RichText } from "~/components/rich-text";
export { isAdminPath, menuPreviewPath, previewLanguage, previewPath } from "~/lib/admin/paths";
export { pageMeta } from "~/lib/site/meta";
export { isNotFoundData, suggestedPages } from "~/lib/site/not-found";
export { builtInSettings, siteConfig, telHref, whatsappHref } from "~/site-config";
export { listenForBrowserErrors, useReportedError } from "~/lib/render/report-browser-errors";
