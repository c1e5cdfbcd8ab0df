import express, { type Response } from "express";
import type { Permission } from "../../app/lib/platform/api/admin-contract";
import {
  CONTENT_KINDS,
  ContentLanguagesPayloadSchema,
  ContentListQuerySchema,
  ContentUnpublishPayloadSchema,
  MAX_SAVE_PAYLOAD_BYTES,
  type ContentKind,
  type Lang,
} from "../../app/lib/platform/api/content-contract";
import { LanguageCodeSchema } from "../../app/lib/platform/api/contract";
import { actorOf, requireStaff } from "../auth/require-staff";
import type { Refusal } from "../content/editorial";
import type { Editorial } from "../content/editorial";
import { idOf, item, list, parseOr400 } from "../http";
import type { StaffServices } from "../staff-services";

/**
 * A whole item in five languages, as JSON: derived from the registry's field maxima (about 3 MB,
 * for five post bodies of 100,000 characters at their worst as JSON). The editor's form is
 * multipart and may be 12 MB at the site, so this limit, not the site's, is the one a full item meets.
 */
const JSON_LIMIT = MAX_SAVE_PAYLOAD_BYTES;
/** Only the kinds of the registry: `admin/content/images` (uploads) is another router's. */
const KIND = `:kind(${CONTENT_KINDS.join("|")})`;

const answerRefusal = (res: Response, refusal: Refusal) => res.status(refusal.status).json({ hasError: true, errors: refusal.errors });

/** admin/content/…: the editors' reads and writes (content-contract.ts; docs/api-contract.md, "Content editing"). */
export function createContentRouter(services: StaffServices, editorial: Editorial, onUnauthorized?: () => void) {
  const gate = (permission: Permission) => requireStaff(services, permission, onUnauthorized);
  const router = express.Router();
  const json = express.json({ limit: JSON_LIMIT });
  const kindOf = (value: string) => value as ContentKind;

  /** The item's id, or null after answering 404 (a malformed id names no item). */
  function itemId(kind: ContentKind, raw: string | undefined, res: Response) {
    const id = idOf(raw);
    if (id === null || !editorial.exists(kind, id)) {
      res.status(404).json({ hasError: true, errors: [{ field: "id", message: "not_found" }] });
      return null;
    }
    return id;
  }

  router.get(`/content/${KIND}`, gate("read:content"), (req, res) => {
    const query = parseOr400(ContentListQuerySchema, req.query, res);
    if (!query) return;
    const page = editorial.list(kindOf(req.params.kind), query);
    res.json(list(page.data, page.totalCount, query.pageIndex, query.pageSize));
  });

  router.post(`/content/${KIND}`, gate("write:content"), json, (req, res) => {
    const result = editorial.save(kindOf(req.params.kind), null, req.body, actorOf(res));
    if (!result.ok) return answerRefusal(res, result);
    res.status(201).json(item(result.value));
  });

  router.get(`/content/${KIND}/:id`, gate("read:content"), (req, res) => {
    const kind = kindOf(req.params.kind);
    const id = itemId(kind, req.params.id, res);
    if (id !== null) res.json(item(editorial.get(kind, id)));
  });

  router.put(`/content/${KIND}/:id`, gate("write:content"), json, (req, res) => {
    const kind = kindOf(req.params.kind);
    const id = itemId(kind, req.params.id, res);
    if (id === null) return;
    const result = editorial.save(kind, id, req.body, actorOf(res));
    if (!result.ok) return answerRefusal(res, result);
    res.json(item(result.value));
  });

  router.delete(`/content/${KIND}/:id`, gate("publish:content"), (req, res) => {
    const kind = kindOf(req.params.kind);
    const id = itemId(kind, req.params.id, res);
    if (id === null) return;
    const result = editorial.remove(kind, id, actorOf(res));
    if (!result.ok) return answerRefusal(res, result);
    res.json(item(result.value));
  });

  router.post(`/content/${KIND}/:id/publish`, gate("publish:content"), json, (req, res) => {
    const kind = kindOf(req.params.kind);
    const id = itemId(kind, req.params.id, res);
    const body = id !== null && parseOr400(ContentLanguagesPayloadSchema, req.body, res);
    if (!body) return;
    const result = editorial.publish(kind, id!, [...new Set(body.languages)], actorOf(res), body.version);
    if (!result.ok) return answerRefusal(res, result);
    res.json(item(result.value));
  });

  router.post(`/content/${KIND}/:id/unpublish`, gate("publish:content"), json, (req, res) => {
    const kind = kindOf(req.params.kind);
    const id = itemId(kind, req.params.id, res);
    const body = id !== null && parseOr400(ContentUnpublishPayloadSchema, req.body ?? {}, res);
    if (!body) return;
    const langs = body.languages && ([...new Set(body.languages)] as Lang[]);
    const result = editorial.unpublish(kind, id!, langs, actorOf(res), body.version);
    if (!result.ok) return answerRefusal(res, result);
    res.json(item(result.value));
  });

  router.get(`/content/${KIND}/:id/versions`, gate("read:content"), (req, res) => {
    const kind = kindOf(req.params.kind);
    const id = itemId(kind, req.params.id, res);
    const query = id !== null && parseOr400(ContentListQuerySchema.omit({ q: true }), req.query, res);
    if (!query) return;
    const page = editorial.versions(kind, id!, query.pageIndex, query.pageSize);
    res.json(list(page.data, page.total, query.pageIndex, query.pageSize));
  });

  router.get(`/content/${KIND}/:id/versions/:versionId`, gate("read:content"), (req, res) => {
    const kind = kindOf(req.params.kind);
    const id = itemId(kind, req.params.id, res);
    if (id === null) return;
    const versionId = idOf(req.params.versionId);
    const version = versionId === null ? null : editorial.version(kind, id, versionId);
    if (!version) return res.status(404).json({ hasError: true, errors: [{ field: "versionId", message: "not_found" }] });
    res.json(item(version));
  });

  router.post(`/content/${KIND}/:id/versions/:versionId/restore`, gate("write:content"), (req, res) => {
    const kind = kindOf(req.params.kind);
    const id = itemId(kind, req.params.id, res);
    if (id === null) return;
    const versionId = idOf(req.params.versionId);
    const result = versionId === null ? null : editorial.restore(kind, id, versionId, actorOf(res));
    if (!result) return res.status(404).json({ hasError: true, errors: [{ field: "versionId", message: "not_found" }] });
    if (!result.ok) return answerRefusal(res, result);
    res.json(item(result.value));
  });

  router.get(`/content/${KIND}/:id/preview/:lang`, gate("read:content"), (req, res) => {
    const kind = kindOf(req.params.kind);
    const id = itemId(kind, req.params.id, res);
    const lang = LanguageCodeSchema.safeParse(req.params.lang);
    if (id === null) return;
    if (!lang.success) return res.status(404).json({ hasError: true, errors: [{ field: "lang", message: "not_found" }] });
    const result = editorial.preview(kind, id, lang.data);
    if (!result.ok) return answerRefusal(res, result);
    res.json(item(result.value));
  });

  return router;
}
