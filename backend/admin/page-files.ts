import express from "express";
import { isWholePdf } from "../../app/lib/platform/files/whole-pdf.server";
import { MAX_PAGE_FILE_BYTES } from "../../app/lib/platform/api/admin-contract";
import type { ContentChange, Lang } from "../../app/lib/platform/api/content-contract";
import { LanguageCodeSchema } from "../../app/lib/platform/api/contract";
import { actorOf, requireStaff } from "../auth/require-staff";
import { documentLanguages } from "../content/projection";
import type { PageFiles } from "../content/page-files";
import { fail, idOf, item, list } from "../http";
import { BodyAborted, BodyTooLarge, dropRest, readCappedBody } from "../raw-body";
import type { StaffServices } from "../staff-services";

/**
 * A text page's document file (ADR 061): `GET admin/content/page/:id/files` (read:content) lists
 * every version; `POST admin/content/page/:id/files/:lang` (publish:content: it is public at once)
 * takes a PDF as the raw body, capped (413), typed by its bytes (415), for a language the route
 * table offers the page's document in (404 otherwise). The answer carries the change, so the site
 * drops the page and its cached text on every instance, as after a publish. Audited.
 */
export function createPageFilesRouter(services: StaffServices, files: PageFiles, onUnauthorized?: () => void) {
  const router = express.Router();
  const pageOf = (raw: string) => {
    const id = idOf(raw);
    const row =
      id === null
        ? undefined
        : (services.db.prepare("SELECT json_extract(fields, '$.page') FROM content_items WHERE kind = 'page' AND id = ?").pluck().get(id) as
            string | undefined);
    return id !== null && row ? { id, page: row } : null;
  };

  router.get("/content/page/:id/files", requireStaff(services, "read:content", onUnauthorized), (req, res) => {
    const found = pageOf(req.params.id);
    if (!found) return fail(res, 404, "Not found", "id");
    const versions = files.versions(found.page);
    res.json(list(versions, versions.length, 1, Math.max(versions.length, 1)));
  });

  router.post("/content/page/:id/files/:lang", requireStaff(services, "publish:content", onUnauthorized), async (req, res, next) => {
    const found = pageOf(req.params.id);
    const lang = LanguageCodeSchema.safeParse(req.params.lang);
    if (!found || !lang.success || !documentLanguages(found.page).includes(lang.data)) {
      fail(res, 404, "This page has no document file in this language", "lang");
      return dropRest(req);
    }
    let bytes: Buffer;
    try {
      bytes = await readCappedBody(req, MAX_PAGE_FILE_BYTES);
    } catch (error) {
      if (error instanceof BodyAborted) return void res.destroy();
      if (!(error instanceof BodyTooLarge)) return next(error);
      fail(res, 413, `The file is larger than ${MAX_PAGE_FILE_BYTES / 1024 / 1024} MB`, "file");
      return dropRest(req);
    }
    if (bytes.length === 0) return fail(res, 400, "The file is missing: send its bytes as the body", "file");
    if (!(await isWholePdf(bytes))) return fail(res, 415, "Only a whole PDF is accepted", "file");
    const actor = actorOf(res);
    const version = files.add(found.page, lang.data as Lang, bytes, actor, new Date(services.clock()).toISOString());
    services.audit.record({
      actor,
      action: "content.file",
      target: `page:${found.id}`,
      detail: `${lang.data}, ${bytes.length} bytes`,
      facts: { kind: "page", languages: [lang.data], size: bytes.length },
    });
    const change: ContentChange = { kind: "page", id: found.id, languages: [lang.data], uris: { [lang.data]: found.page }, oldUris: {}, related: [] };
    res.status(201).json(item({ version, change }));
  });

  return router;
}
