import { randomUUID } from "node:crypto";
import express, { type NextFunction, type Request, type Response } from "express";
import { CATEGORY, LANGUAGE_CODES, ListQuerySchema, postEndpoints, RedirectQuerySchema } from "../app/lib/platform/api/contract";
import { IMAGE_ID } from "../app/lib/platform/api/media-urls";
import { cleanPhoto } from "../app/lib/platform/images/clean-photo.server";
import { ImageRejected } from "../app/lib/platform/images/sharp.server";
import { createAdminRouter } from "./admin/router";
import { createSettingsStore } from "./admin/settings";
import { createMenuStore, createMenusAdminRouter, createPublicMenusRouter } from "./admin/menus";
import { createCurrentSession } from "./auth/current-session";
import { createPasswordResetRouter } from "./auth/password-resets";
import { createIdentityRouter } from "./auth/identity";
import { listCities, listCountries } from "./countries";
import type { Db } from "./db";
import { ContentStore } from "./content-store";
import { createPageFiles } from "./content/page-files";
import { fail, item } from "./http";
import { createImageStore } from "./image-store";
import type { StaffServices } from "./staff-services";
import type { TokenIssuer } from "./token";
import { readDocumentUpload, readImageUpload, UploadError } from "./upload";
import { createAlertState } from "./mail/alert-state";
import { createLeadAlertsRouter } from "./mail/lead-alerts";
import { createOverdueDigestRouter } from "./mail/overdue-digest";
import { createDownloadCountsRouter } from "./analytics/downloads";
import { createBrowserErrorIntakeRouter, createBrowserErrorsAdminRouter } from "./analytics/browser-errors";
import { createAnalyticsAdminRouter, createAnalyticsEventsRouter } from "./analytics/router";
import type { AnalyticsStore } from "./analytics/store";
import { createFormEventsRouter, createFormFunnelsAdminRouter } from "./analytics/form-funnels";
import { createLeadVisitors } from "./analytics/lead-visitors";
import { createCustomerActiveUsersRouter } from "./analytics/customer-active-users";
import { createSubscriptionStore } from "./subscriptions/store";
import { createBulletinStore } from "./bulletins/store";
import { createBulletinsAdminRouter, createBulletinsRouter } from "./bulletins/router";
import { createBulletinOpens, createBulletinSettingsRouter } from "./bulletins/opens";
import { createFormStore } from "./forms/store";
import { createFormsAdminRouter, createFormsRouter } from "./forms/router";
import { createSubscriptionsAdminRouter, createSubscriptionsRouter } from "./subscriptions/router";
import { createPushStore } from "./push/store";
import { createPushAdminRouter, createPushRouter } from "./push/router";

export interface BackendStats {
  tokenRequests: number;
  apiRequests: number;
  /** API calls turned away for a missing, expired or foreign token. */
  unauthorized: number;
}

type Lang = (typeof LANGUAGE_CODES)[number];

/** Accept-Language picks the content language; en when nothing matches. */
export function contentLanguage(header: string | undefined): Lang {
  const ranked = (header ?? "")
    .split(",")
    .map((part) => {
      const [tag, ...params] = part.trim().split(";");
      const q = Number(params.find((p) => p.trim().startsWith("q="))?.split("=")[1] ?? 1);
      return { lang: tag.split("-")[0].toLowerCase(), q: Number.isFinite(q) ? q : 0 };
    })
    .filter((l) => l.q > 0)
    .sort((a, b) => b.q - a.q);
  return (ranked.find((l) => (LANGUAGE_CODES as readonly string[]).includes(l.lang))?.lang as Lang) ?? "en";
}

export function createBackendApp({
  db,
  tokens,
  stats,
  staff,
  analyticsRetentionMonths,
  analytics,
}: {
  db: Db;
  tokens: TokenIssuer;
  stats: BackendStats;
  staff: StaffServices;
  /** How long counted downloads are kept (ANALYTICS_RETENTION_MONTHS); 13 months by default. */
  analyticsRetentionMonths?: number;
  analytics: AnalyticsStore;
}) {
  const app = express();
  app.disable("x-powered-by");
  const now = () => new Date(staff.clock()).toISOString();
  const content = new ContentStore(db, () => now().slice(0, 10));
  const settings = createSettingsStore(db, staff.clock);
  const alerts = createAlertState(db);
  const subscriptions = createSubscriptionStore(db, staff.clock);
  const opens = createBulletinOpens(db, staff.clock);
  const bulletins = createBulletinStore(db, staff.clock, opens);
  const push = createPushStore(db, staff.clock);
  const menus = createMenuStore(db, staff.clock);
  const forms = createFormStore(db, staff.clock);

  app.post("/connect/token", express.urlencoded({ extended: false, limit: "10kb" }), async (req, res) => {
    stats.tokenRequests += 1;
    const { grant_type, client_id, client_secret } = req.body ?? {};
    if (grant_type !== "client_credentials") return res.status(400).json({ error: "unsupported_grant_type" });
    if (typeof client_id !== "string" || typeof client_secret !== "string" || !tokens.checkClient(client_id, client_secret)) {
      return res.status(401).json({ error: "invalid_client" });
    }
    res.set("Cache-Control", "no-store").json(await tokens.issue());
  });

  // The back office's endpoints take a staff bearer, not the client token (see createAdminRouter).
  app.use(
    "/api/admin",
    (_req, res, next) => {
      stats.apiRequests += 1;
      res.locals.counted = true;
      next();
    },
    createAdminRouter(staff, settings, content, alerts, () => (stats.unauthorized += 1)),
    createBrowserErrorsAdminRouter(staff, () => (stats.unauthorized += 1)),
  );
  // First-party analytics' staff side (ADR 050): counted as an API request by the mount above.
  app.use(
    "/api/admin",
    createAnalyticsAdminRouter(staff, analytics, () => (stats.unauthorized += 1)),
    // Form funnels (ADR 054).
    createFormFunnelsAdminRouter(staff, analytics, () => (stats.unauthorized += 1)),
    createCustomerActiveUsersRouter(staff, analytics, () => (stats.unauthorized += 1)),
    // Newsletter subscriptions' staff side (ADR 056).
    createSubscriptionsAdminRouter(staff, subscriptions, () => (stats.unauthorized += 1)),
    // Bulletins (ADR 057).
    createBulletinsAdminRouter(staff, bulletins, () => (stats.unauthorized += 1)),
    createBulletinSettingsRouter(staff, opens, () => (stats.unauthorized += 1)),
    // Web push notifications' staff side (ADR 058).
    createPushAdminRouter(staff, push, () => (stats.unauthorized += 1)),
    // Menus edited per language (ADR 062).
    createMenusAdminRouter(staff, menus, () => (stats.unauthorized += 1)),
    // Built forms (ADR 065).
    createFormsAdminRouter(staff, forms, () => (stats.unauthorized += 1)),
  );

  // Who a staff token belongs to now, asked by the site on every back-office request: the staff
  // bearer answers for itself, like admin/…, so it is not behind the client token below.
  app.get(
    "/api/auth/session",
    (_req, _res, next) => {
      stats.apiRequests += 1;
      next();
    },
    createCurrentSession(staff, () => (stats.unauthorized += 1)),
  );

  const api = express.Router();
  api.use(async (req, res, next) => {
    if (!res.locals.counted) stats.apiRequests += 1;
    const header = req.get("authorization") ?? "";
    const token = header.startsWith("Bearer ") ? header.slice(7) : "";
    if (!token || !(await tokens.verify(token))) {
      stats.unauthorized += 1;
      res.set("WWW-Authenticate", 'Bearer error="invalid_token"');
      return fail(res, 401, "A valid bearer token is required");
    }
    res.locals.lang = contentLanguage(req.get("accept-language"));
    next();
  });

  api.use("/auth", createIdentityRouter(staff));
  api.use("/auth", createPasswordResetRouter(staff));
  api.use(createLeadAlertsRouter(staff, alerts));
  api.use(createOverdueDigestRouter(staff));
  // Counted downloads of the site's documents (ADR 052).
  api.use(createDownloadCountsRouter(staff, analyticsRetentionMonths));
  api.use(createBrowserErrorIntakeRouter(staff));
  api.use(createAnalyticsEventsRouter(analytics));
  api.use(createFormEventsRouter(analytics));
  // Newsletter sign-ups, their confirmation and unsubscribing (ADR 056).
  api.use(createSubscriptionsRouter(subscriptions));
  // Bulletins' recipients for the site's outbox, and what the mail service reported (ADR 057).
  api.use(createBulletinsRouter(bulletins, subscriptions, opens));
  // Browsers' web push subscriptions and how each message ended (ADR 058).
  api.use(createPushRouter(push));
  // Built forms' published pages (ADR 065).
  api.use(createFormsRouter(forms));
  // What the public header and footer show; changed in the back office (PUT admin/settings).
  api.get("/settings", (_req, res) => res.json(item(settings.get())));
  // The published menus of every language (ADR 062); a language without one shows the route table's.
  api.use(createPublicMenusRouter(menus));

  const listQuery = (req: Request, res: Response) => {
    const parsed = ListQuerySchema.safeParse(req.query);
    if (!parsed.success) {
      fail(res, 400, parsed.error.issues[0].message, parsed.error.issues[0].path.join("."));
      return null;
    }
    return parsed.data;
  };
  const idParam = (req: Request) => (/^\d+$/.test(req.params.id) ? Number(req.params.id) : null);
  const sendItem = (res: Response, item: unknown) => (item ? res.json({ hasError: false, result: item }) : fail(res, 404, "Not found"));

  api.get("/treatment", (req, res) => {
    const q = listQuery(req, res);
    if (q) res.json(content.treatments(res.locals.lang, q));
  });
  api.get("/treatment/menu", (req, res) => {
    const q = listQuery(req, res);
    if (q) res.json(content.menuTreatments(res.locals.lang, q));
  });
  api.get("/treatment/:id", (req, res) => sendItem(res, idParam(req) && content.treatment(res.locals.lang, idParam(req)!)));
  api.get("/subTreatment/list", (_req, res) => res.json(content.subTreatments(res.locals.lang)));
  api.get("/subTreatment/:id", (req, res) => sendItem(res, idParam(req) && content.subTreatment(res.locals.lang, idParam(req)!)));
  api.get("/blog", (req, res) => {
    const q = listQuery(req, res);
    if (q) res.json(content.blog(res.locals.lang, { ...q, categoryId: q.categoryId ?? CATEGORY.blog }));
  });
  api.get("/blog/:id", (req, res) => sendItem(res, idParam(req) && content.blogPost(res.locals.lang, idParam(req)!)));
  api.get("/aboutLife", (req, res) => {
    const q = listQuery(req, res);
    if (q) res.json(content.aboutLife(res.locals.lang, q));
  });
  api.get("/aboutLife/:id", (req, res) => sendItem(res, idParam(req) && content.aboutLifeArticle(res.locals.lang, idParam(req)!)));
  api.get("/package", (req, res) => {
    const q = listQuery(req, res);
    if (q) res.json(content.packages(res.locals.lang, q));
  });
  api.get("/sliders", (_req, res) => res.json(content.sliders(res.locals.lang)));
  api.get("/specialDeal", (req, res) => {
    const q = listQuery(req, res);
    if (q) res.json(content.specialDeals(res.locals.lang, q));
  });
  api.get("/specialDeal/:id", (req, res) => sendItem(res, idParam(req) && content.specialDeal(res.locals.lang, idParam(req)!)));
  api.get("/doctors", (req, res) => {
    const q = listQuery(req, res);
    if (q) res.json(content.doctors(res.locals.lang, q));
  });
  api.get("/doctor/uri/:uri", (req, res) => sendItem(res, req.params.uri.length <= 200 && content.doctorByUri(res.locals.lang, req.params.uri)));
  api.get("/doctor/:id", (req, res) => sendItem(res, idParam(req) && content.doctor(res.locals.lang, idParam(req)!)));
  api.get("/faqs", (req, res) => {
    const q = listQuery(req, res);
    if (q) res.json(content.faqs(res.locals.lang, q));
  });
  // A text page (ADR 061) with the version of its document file, if the owner uploaded one in this language; the file itself.
  const pageFiles = createPageFiles(db);
  api.get("/pages/:name", (req, res) => {
    const name = req.params.name.length <= 60 ? req.params.name : "";
    const page = name && content.textPage(res.locals.lang, name);
    const file = page && pageFiles.current(name, res.locals.lang);
    sendItem(res, page && { ...page, file: file ? { id: file.id, size: file.size, sha256: file.sha256 } : null });
  });
  api.get("/pages/:name/file", (req, res) => {
    const bytes = req.params.name.length <= 60 ? pageFiles.bytes(req.params.name, res.locals.lang) : undefined;
    if (!bytes) return fail(res, 404, "Not found");
    res.set({ "Content-Type": "application/pdf", "Cache-Control": "no-store" }).send(bytes);
  });
  // An old uri (a renamed doctor's slug, a renamed treatment's uri): where the item lives now.
  api.get("/redirect", (req, res) => {
    const q = RedirectQuerySchema.safeParse(req.query);
    if (!q.success) return fail(res, 400, q.error.issues[0].message, q.error.issues[0].path.join("."));
    sendItem(res, content.redirect(q.data.kind, res.locals.lang, q.data.uri));
  });
  // An uploaded image's variant (admin/content/images): its path never changes what it names, so it is cached for good.
  const images = createImageStore(db);
  api.get("/media/:id/:width", (req, res) => {
    const { id, width } = req.params;
    const bytes = IMAGE_ID.test(id) && /^[1-9]\d{0,3}$/.test(width) ? images.variant(id, Number(width)) : undefined;
    if (!bytes) return fail(res, 404, "Not found");
    res.set({ "Content-Type": "image/webp", "Cache-Control": "public, max-age=31536000, immutable" }).send(bytes);
  });
  api.get("/institutionType", (_req, res) => res.json(content.institutionTypes(res.locals.lang)));
  api.get("/countries", (_req, res) => {
    const data = listCountries(res.locals.lang);
    res.json({ hasError: false, result: { data, totalCount: data.length, pageIndex: 1, pageSize: data.length } });
  });
  api.get("/countries/:id/cities", (req, res) => {
    const data = listCities(req.params.id);
    if (!data) return fail(res, 404, "Unknown country");
    res.json({ hasError: false, result: { data, totalCount: data.length, pageIndex: 1, pageSize: Math.max(data.length, 1) } });
  });

  const findLead = db.prepare("SELECT id, received_at FROM leads WHERE idempotency_key = ?");
  const insertLead = db.prepare("INSERT INTO leads (kind, idempotency_key, received_at, payload) VALUES (?, ?, ?, ?)");
  const uploadExists = db.prepare("SELECT 1 FROM uploads WHERE id = ?").pluck();
  const leadVisitors = createLeadVisitors(db);
  // A key whose lead or photo staff erased since: answered with its first receipt, nothing stored (ADR 030).
  const erasedReceipt = db.prepare("SELECT receipt FROM erased_keys WHERE idempotency_key = ?").pluck();
  const erased = (key: string | null) => {
    const receipt = key ? (erasedReceipt.get(key) as string | undefined) : undefined;
    return receipt === undefined ? undefined : JSON.parse(receipt);
  };

  for (const [kind, endpoint] of Object.entries(postEndpoints)) {
    api.post(`/${endpoint.path}`, express.json({ limit: "64kb" }), (req, res) => {
      const parsed = endpoint.payload.safeParse(req.body);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        return fail(res, 400, issue.message, issue.path.join("."));
      }
      const key = req.get("idempotency-key") || null;
      // Before the photo's check: an erased application's photo is gone too.
      const receipt = erased(key);
      if (receipt) return res.status(200).json({ hasError: false, result: receipt });
      const imageId = (parsed.data as { imageId?: string }).imageId;
      if ((kind === "jobOffer" || imageId !== undefined) && !uploadExists.get(imageId)) {
        return fail(res, 400, "Unknown image reference", "imageId");
      }
      // A built form's files (ADR 065): each an upload of admin/multimedia/image or …/document.
      const files = Object.entries((parsed.data as { files?: Record<string, string> }).files ?? {});
      const unknownFile = files.find(([, id]) => !uploadExists.get(id));
      if (unknownFile) return fail(res, 400, "Unknown file reference", `files.${unknownFile[0]}`);
      // A repeated Idempotency-Key stores nothing new and answers the first delivery's receipt.
      const stored = db.transaction(() => {
        const existing = key ? (findLead.get(key) as { id: number; received_at: string } | undefined) : undefined;
        if (existing) return { id: existing.id, receivedAt: existing.received_at, created: false };
        const receivedAt = now();
        // The sender's visitor id (analytics consent, ADR 055) is linked beside the lead, not kept in it.
        const { payload, visitorId } = leadVisitors.split(parsed.data);
        const info = insertLead.run(kind, key, receivedAt, JSON.stringify(payload));
        leadVisitors.link(Number(info.lastInsertRowid), visitorId);
        return { id: Number(info.lastInsertRowid), receivedAt, created: true };
      })();
      res.status(stored.created ? 201 : 200).json({ hasError: false, result: { id: stored.id, receivedAt: stored.receivedAt } });
    });
  }

  const findUpload = db.prepare("SELECT id, content_type, size FROM uploads WHERE idempotency_key = ?");
  const insertUpload = db.prepare(
    "INSERT INTO uploads (id, type, content_type, size, bytes, idempotency_key, received_at, cleaned) VALUES (?, ?, ?, ?, ?, ?, ?, 1)",
  );
  /**
   * An upload: an erased or repeated Idempotency-Key answers its first receipt and reads nothing;
   * `keep` makes what is stored of the bytes read.
   */
  const takeUpload =
    (read: typeof readImageUpload, part: string, keep: (upload: { contentType: string; bytes: Buffer }) => Promise<{ type: string; bytes: Buffer }>) =>
    async (req: Request, res: Response, next: NextFunction) => {
      try {
        const key = req.get("idempotency-key") || null;
        const receipt = erased(key);
        if (receipt) {
          req.resume();
          return res.json({ hasError: false, result: receipt });
        }
        const existing = key ? (findUpload.get(key) as { id: string; content_type: string; size: number } | undefined) : undefined;
        if (existing) {
          req.resume();
          return res.json({ hasError: false, result: { id: existing.id, contentType: existing.content_type, size: existing.size } });
        }
        const upload = await read(req);
        const kept = await keep(upload);
        const id = randomUUID();
        insertUpload.run(id, upload.type, kept.type, kept.bytes.length, kept.bytes, key, now());
        res.status(201).json({ hasError: false, result: { id, contentType: kept.type, size: kept.bytes.length } });
      } catch (error) {
        if (error instanceof UploadError) return fail(res, error.status, error.message, part);
        if (error instanceof ImageRejected) {
          const later = error.reason === "busy" || error.reason === "slow";
          return fail(res, later ? 503 : 422, error.message, part);
        }
        next(error);
      }
    };
  // Only the re-encoded photo is stored (ADR 006): not the sender's bytes, their metadata or a bomb.
  api.post(
    "/admin/multimedia/image",
    takeUpload(readImageUpload, "image", (upload) => cleanPhoto(upload.bytes)),
  );
  // A built form's PDF (ADR 065): a whole PDF (readDocumentUpload), kept byte for byte; staff only ever download it.
  api.post(
    "/admin/multimedia/document",
    takeUpload(readDocumentUpload, "document", async (upload) => ({ type: upload.contentType, bytes: upload.bytes })),
  );

  app.use("/api", api);
  app.use((_req, res) => fail(res, 404, "Not found"));
  // Malformed JSON and the like: a 4xx with a body, never a stack trace.
  app.use((error: Error & { status?: number }, _req: Request, res: Response, _next: NextFunction) => {
    const status = error.status && error.status >= 400 && error.status < 500 ? error.status : 500;
    if (status === 500) console.error("backend error", error.message);
    fail(res, status, status === 500 ? "Internal error" : error.message);
  });
  return app;
}
