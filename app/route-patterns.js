// Plain JavaScript with JSDoc types, because remix.config.js (run by node) and the app (compiled,
// typed) must use the same function: the route list Remix is given is the list the app builds links
// from and looks paths up in. It takes the table as an argument, so each side reads the JSON its own way.

/** Where a page's detail pages sit under its path, unless the table names another pattern. */
export const DETAIL_PATTERN = ":uri/:id";
/** Where items nested in a detail page sit under the page's path (sub-treatments). */
export const SUB_DETAIL_PATTERN = ":uri/:id/:subUri/:subId";

/**
 * @typedef {"index" | "page" | "detail" | "slug-detail" | "sub-detail" | "document" | "resource" | "not-found"} RouteKind
 *
 * @typedef {object} RouteDef
 * @property {string} id Remix's route id: `{page}.{lang}`, `{page}-detail.{lang}`, `{page}-subdetail.{lang}`, `{page}-document.{lang}`.
 * @property {string} path The pattern Remix matches, without the leading slash (`en/treatments/:uri/:id`).
 * @property {string} file The route module, relative to app/.
 * @property {string | null} page The route table's page name (null for routes outside the table).
 * @property {string | null} lang The language of the route (null for routes outside the table).
 * @property {RouteKind} kind
 * @property {boolean} [index]
 * @property {boolean} [caseSensitive]
 *
 * @typedef {{ name: string, module: string, slugs: Record<string, string | undefined>, detail?: string, detailPattern?: string, subDetail?: string, document?: boolean }} TablePage
 */

/**
 * Every route of the site, in the order Remix is given them.
 * Page routes are case-sensitive: a path in another spelling is not the page (the 404 page answers),
 * so a loader can trust that the route Remix matched is exactly the table's.
 * @param {{ pages: TablePage[] }} table
 * @returns {RouteDef[]}
 */
export function routeDefinitions(table) {
  /** @type {RouteDef[]} */
  const routes = [{ id: "language-redirect", path: "", file: "routes/resources/language-redirect.ts", page: null, lang: null, kind: "index", index: true }];
  for (const page of table.pages) {
    for (const [lang, slug] of Object.entries(page.slugs)) {
      if (slug === undefined) continue;
      const path = slug ? `${lang}/${slug}` : lang;
      const own = { page: page.name, lang, caseSensitive: true };
      routes.push({ id: `${page.name}.${lang}`, path, file: `routes/${page.module}.tsx`, kind: "page", ...own });
      if (page.detail) {
        const pattern = page.detailPattern ?? DETAIL_PATTERN;
        const kind = pattern === DETAIL_PATTERN ? "detail" : "slug-detail";
        routes.push({ id: `${page.name}-detail.${lang}`, path: `${path}/${pattern}`, file: `routes/${page.detail}.tsx`, kind, ...own });
      }
      if (page.subDetail) {
        const file = `routes/${page.subDetail}.tsx`;
        routes.push({ id: `${page.name}-subdetail.${lang}`, path: `${path}/${SUB_DETAIL_PATTERN}`, file, kind: "sub-detail", ...own });
      }
      // The page's text as a file to keep (ADR 052): its own path with `.txt`, served by the route that counts downloads.
      if (page.document) {
        routes.push({ id: `${page.name}-document.${lang}`, path: `${path}.txt`, file: "routes/resources/document.ts", kind: "document", ...own });
        // The PDF the owner uploaded in its place (ADR 061), through the same counting route; a 404 while there is none.
        routes.push({ id: `${page.name}-document-pdf.${lang}`, path: `${path}.pdf`, file: "routes/resources/document.ts", kind: "document", ...own });
      }
    }
  }
  /** @type {(id: string, path: string, file: string) => RouteDef} */
  const resource = (id, path, file) => ({ id, path, file, page: null, lang: null, kind: "resource" });
  routes.push(
    resource("consent", "consent", "routes/resources/consent.tsx"),
    resource("sitemap", "sitemap.xml", "routes/resources/sitemap.ts"),
    resource("robots", "robots.txt", "routes/resources/robots.ts"),
    resource("cities", "cities/:country", "routes/resources/cities.tsx"),
    // Uploaded images' variants (`/media/u/{id}/{width}.webp`) and pictures for shared links (`share-{width}.jpg`);
    // the seeded artwork is static, beside it under /media.
    resource("media", "media/u/:id/:file", "routes/resources/media.ts"),
    // Browser error reports (JSON, ADR 051); the path is ERROR_REPORT_PATH of app/lib/site/browser-error-path.ts.
    resource("browser-error", "analytics/error", "routes/resources/browser-error.ts"),
    // First-party page views (ADR 050): the beacon with JavaScript, the pixel without.
    resource("analytics-event", "analytics/event", "routes/resources/analytics-event.ts"),
    resource("analytics-pixel", "analytics/pixel.gif", "routes/resources/analytics-pixel.ts"),
    // The newsletter's one-click unsubscribe (RFC 8058, ADR 056): the sealed token in its query says whose.
    resource("newsletter-unsubscribe", "newsletter/unsubscribe", "routes/resources/newsletter-unsubscribe.ts"),
    // The mail service's bounce and complaint reports (ADR 057): signed with MAIL_WEBHOOK_SECRET, off without it.
    resource("mail-webhook", "mail/webhook", "routes/resources/mail-webhook.ts"),
    // A bulletin's open pixel (ADR 057 amended): only in mail sent while the owner counts opens; the signed token names the issue and a keyed hash of the reader.
    resource("mail-open", "mail/open/:token", "routes/resources/mail-open.ts"),
    // Web push (ADR 058): the public key (GET), a browser's opt-in or opt-out (POST, a plain form from the push script).
    resource("push-subscription", "push/subscription", "routes/resources/push-subscription.ts"),
    { id: "not-found", path: "*", file: "routes/not-found.tsx", page: null, lang: null, kind: "not-found" },
  );
  return routes;
}

/**
 * @typedef {import("./lib/platform/api/admin-contract").Permission} Permission
 *
 * @typedef {object} AdminPage
 * @property {string} name
 * @property {string} path Under /admin ("" is /admin itself).
 * @property {string} file The module in app/routes/admin/.
 * @property {Permission | null} permission What a staff member needs to open it; null: any.
 * @property {Permission | Record<string, Permission>} [post] What a post to it needs: one permission,
 *   or one per `?intent=` of the address, where "" is a post with no intent or one not listed.
 * @property {boolean} [menu] Listed in the admin menu (for those who hold its permission).
 */

/**
 * The back office's pages, inside its layout (routes/admin/layout.tsx, which requires a session):
 * what Remix is given under /admin, what the admin menu is built from, and the one place that says
 * what each page asks of a staff member. Its loader and action check exactly that
 * (`requirePage`, `requirePost` in app/lib/admin/guard.server.ts; typed in app/lib/admin/pages.ts).
 * Sign-in, sign-out and the language switch sit beside the layout, since they work without a session.
 */
export const ADMIN_PAGES = /** @type {const} */ ([
  { name: "dashboard", path: "", file: "dashboard", permission: "read:dashboard", menu: true },
  { name: "leads", path: "leads", file: "leads", permission: "read:lead", menu: true },
  { name: "leads-export", path: "leads/export.csv", file: "leads-export", permission: "export:lead" },
  { name: "leads-export-xlsx", path: "leads/export.xlsx", file: "leads-export-xlsx", permission: "export:lead" },
  // The pipeline (#41): the board with its "move to" forms, a lead entered by hand, and the inbox's bulk change.
  { name: "leads-board", path: "leads/board", file: "leads-board", permission: "read:lead", post: "write:lead" },
  { name: "leads-new", path: "leads/new", file: "leads-new", permission: "write:lead", post: "write:lead" },
  { name: "leads-bulk", path: "leads/bulk", file: "leads-bulk", permission: "write:lead", post: "write:lead" },
  // Erasing a lead is the one change to it that takes more than write:lead.
  { name: "lead", path: "leads/:id", file: "lead", permission: "read:lead", post: { "": "write:lead", erase: "delete:lead" } },
  { name: "lead-photo", path: "leads/:id/photo", file: "lead-photo", permission: "read:lead" },
  // Patients (#41, ADR 048): coordinators and the owner (write:lead); erasing one takes delete:lead, the export export:lead.
  { name: "customers", path: "customers", file: "customers", permission: "write:lead", menu: true, post: "write:lead" },
  { name: "customer", path: "customers/:id", file: "customer", permission: "write:lead", post: "delete:lead" },
  { name: "customer-export", path: "customers/:id/export.json", file: "customer-export", permission: "export:lead" },
  // Content (#15): the kinds, a list per kind, an item's editor, its versions. A coordinator holds no
  // content permission: no menu entry, and every one of these answers 403. Publishing, unpublishing
  // and deleting an item also take publish:content, checked by the editor's action for that step.
  { name: "content", path: "content", file: "content", permission: "read:content", menu: true },
  // Only posted to (the editor's live preview): opened by someone who could post to it, it answers 405.
  { name: "content-sanitize", path: "content/sanitize", file: "content-sanitize", permission: "write:content", post: "write:content" },
  // The uploaded images, a page at a time, for a body's image picker (JSON); posting a file uploads one.
  { name: "content-images", path: "content/images", file: "content-images", permission: "read:content", post: "write:content" },
  { name: "content-list", path: "content/:kind", file: "content-list", permission: "read:content" },
  { name: "content-new", path: "content/:kind/new", file: "content-new", permission: "write:content", post: "write:content" },
  { name: "content-edit", path: "content/:kind/:id", file: "content-edit", permission: "read:content", post: "write:content" },
  { name: "content-versions", path: "content/:kind/:id/versions", file: "content-versions", permission: "read:content" },
  // A text page's document file (ADR 061): its versions, and a PDF uploaded in its place by those who publish.
  { name: "content-page-files", path: "content/page/:id/files", file: "content-page-files", permission: "read:content", post: "publish:content" },
  { name: "content-version", path: "content/:kind/:id/versions/:versionId", file: "content-version", permission: "read:content", post: "write:content" },
  { name: "content-changes", path: "content/:kind/:id/versions/:versionId/changes", file: "content-changes", permission: "read:content" },
  { name: "settings", path: "settings", file: "settings", permission: "read:settings", menu: true, post: "write:settings" },
  // Discarding a refused lead erases it: the same permission as erasing one that reached the inbox.
  { name: "delivery", path: "delivery", file: "delivery", permission: "read:outbox", menu: true, post: { "": "write:outbox", discard: "delete:lead" } },
  // What the site mailed or kept (issue 41): the owner's only, since it holds password-reset links.
  { name: "mail", path: "mail", file: "mail", permission: "read:mail", menu: true },
  { name: "mail-message", path: "mail/:id", file: "mail-message", permission: "read:mail" },
  { name: "users", path: "users", file: "users", permission: "read:user", menu: true, post: "write:user" },
  { name: "user", path: "users/:id", file: "user", permission: "read:user", post: "write:user" },
  // One's own account (sessions, two-factor sign-in): every staff member opens it and posts to it ("any").
  { name: "account", path: "account", file: "account", permission: null, post: "any" },
  { name: "audit", path: "audit", file: "audit", permission: "read:audit", menu: true },
  { name: "analytics-customers", path: "analytics/customers", file: "analytics-customers", permission: "read:audit", menu: true },
  // First-party visitors (#42, ADR 050): everyone who sees the dashboard.
  { name: "analytics-active-users", path: "analytics/active-users", file: "analytics-active-users", permission: "read:dashboard", menu: true },
  { name: "audit-export", path: "audit/export.csv", file: "audit-export", permission: "read:audit" },
  // Downloads of the documents the site offers (#42, ADR 052): every staff member who sees the dashboard.
  { name: "analytics-downloads", path: "analytics/downloads", file: "analytics-downloads", permission: "read:dashboard", menu: true },
  // Browser errors (#42, ADR 051): every analytics page asks read:dashboard; so does marking a group resolved.
  { name: "analytics-errors", path: "analytics/errors", file: "analytics-errors", permission: "read:dashboard", menu: true, post: "read:dashboard" },
  // A figures page's table as CSV (#42), `analytics/<page>/export.csv?table=`: the page's own permission is checked too (analytics/customers asks read:audit).
  { name: "analytics-export", path: "analytics/:report/export.csv", file: "analytics-export", permission: "read:dashboard" },
  // Form funnels and the leads per day (#42, ADR 054): every staff member who sees the dashboard.
  { name: "analytics-forms", path: "analytics/forms", file: "analytics-forms", permission: "read:dashboard", menu: true },
  // Visitors who sent a lead (#42, ADR 055): every analytics page asks read:dashboard; the patient's link, the patients' permission.
  {
    name: "analytics-customer-active-users",
    path: "analytics/customer-active-users",
    file: "analytics-customer-active-users",
    permission: "read:dashboard",
    menu: true,
  },
  // Newsletter subscriptions (#44, ADR 056): counts, one exact address, and the consent records; addresses, so the owner's (read:audit).
  { name: "subscribers", path: "subscribers", file: "subscribers", permission: "read:audit", menu: true },
  { name: "subscribers-export", path: "subscribers/consents.csv", file: "subscribers-export", permission: "read:audit" },
  // Bulletins (#44, ADR 057): drafts and a test to oneself (write:bulletin); sending to a list, now or later (send:bulletin).
  { name: "bulletins", path: "bulletins", file: "bulletins", permission: "write:bulletin", menu: true, post: "write:bulletin" },
  { name: "bulletin", path: "bulletins/:id", file: "bulletin", permission: "write:bulletin", post: { "": "write:bulletin", send: "send:bulletin" } },
  // An issue's saved texts (ADR 060): read and brought back into the draft by whoever writes drafts.
  { name: "bulletin-version", path: "bulletins/:id/versions/:version", file: "bulletin-version", permission: "write:bulletin", post: "write:bulletin" },
  // Web push (#44, ADR 058): the notification admin's (send:notification: the owner, and whoever holds the grant).
  { name: "notifications", path: "notifications", file: "notifications", permission: "send:notification", menu: true },
  { name: "notifications-send", path: "notifications/send", file: "notifications-send", permission: "send:notification", post: "send:notification" },
  { name: "notifications-sources", path: "notifications/sources", file: "notifications-sources", permission: "send:notification" },
  // "New discovery" notices editors asked for (#44 item 4, ADR 059): approved or rejected by the notification admin.
  { name: "notifications-notices", path: "notifications/notices", file: "notifications-notices", permission: "send:notification", post: "send:notification" },
  // Menus edited per language (#43 item 2, ADR 062): whoever publishes content publishes the header and footer.
  { name: "menus", path: "menus", file: "menus", permission: "publish:content", menu: true, post: "publish:content" },
  // Built forms (#43 item 4, ADR 065): editors make them like other content; publishing a language takes publish:content.
  { name: "forms", path: "forms", file: "forms", permission: "read:content", menu: true },
  { name: "forms-new", path: "forms/new", file: "forms-new", permission: "write:content", post: "write:content" },
  {
    name: "form",
    path: "forms/:id",
    file: "form",
    permission: "read:content",
    post: { "": "write:content", publish: "publish:content", unpublish: "publish:content" },
  },
  { name: "not-found", path: "*", file: "not-found", permission: null },
]);

/**
 * A draft previewed as its public page: the back office's (it requires a session and its permission
 * like the pages above), but outside its layout, since it shows the public site's header and footer.
 */
export const ADMIN_PREVIEW_ROUTE = /** @type {const} */ ({
  id: "admin.content-preview",
  name: "content-preview",
  path: "admin/content/:kind/:id/preview/:lang",
  file: "routes/admin/content-preview.tsx",
  permission: "read:content",
});

/** A language's menu draft in the public look (ADR 062): outside the layout for the same reason as the content preview. */
export const ADMIN_MENU_PREVIEW_ROUTE = /** @type {const} */ ({
  id: "admin.menu-preview",
  name: "menu-preview",
  path: "admin/menus/:lang/preview",
  file: "routes/admin/menu-preview.tsx",
  permission: "publish:content",
});

/** Routes of the back office that need no session. */
export const ADMIN_OPEN_ROUTES = [
  { id: "admin.sign-in", path: "admin/sign-in", file: "routes/admin/sign-in.tsx" },
  // A sign-in's second step (two-factor): open to a sign-in that passed its password, nothing else.
  { id: "admin.sign-in-code", path: "admin/sign-in/code", file: "routes/admin/sign-in-code.tsx" },
  { id: "admin.sign-out", path: "admin/sign-out", file: "routes/admin/sign-out.tsx" },
  { id: "admin.language", path: "admin/language", file: "routes/admin/language.tsx" },
  // Forgotten password: under sign-in, so the stricter limit on form posts counts their posts too.
  { id: "admin.forgot-password", path: "admin/sign-in/forgot", file: "routes/admin/forgot-password.tsx" },
  { id: "admin.reset-password", path: "admin/sign-in/reset/:token", file: "routes/admin/reset-password.tsx" },
];
