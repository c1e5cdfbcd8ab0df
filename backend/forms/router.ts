import express from "express";
import { FormIdParamSchema, FormLanguagePayloadSchema, FormPageQuerySchema, FormSavePayloadSchema } from "../../app/lib/platform/api/forms-contract";
import { actorOf, callerOf, requireStaff } from "../auth/require-staff";
import { fail, item, list, parseOr400 } from "../http";
import type { StaffServices } from "../staff-services";
import type { FormStore } from "./store";

/**
 * admin/forms… (staff bearer; docs/api-contract.md, "Built forms"): reading takes read:content,
 * drafts write:content, publishing a language publish:content (audited), as for other content.
 */
export function createFormsAdminRouter(services: StaffServices, store: FormStore, onUnauthorized?: () => void) {
  const router = express.Router();
  const json = express.json({ limit: "512kb" });
  const read = requireStaff(services, "read:content", onUnauthorized);
  const write = requireStaff(services, "write:content", onUnauthorized);
  const publish = requireStaff(services, "publish:content", onUnauthorized);
  const found = (res: express.Response, result: unknown) => (result === null ? fail(res, 404, "No such form") : res.json(item(result)));

  router.get("/forms", read, (_req, res) => {
    const rows = store.list();
    res.json(list(rows, rows.length));
  });
  router.post("/forms", write, json, (req, res) => {
    const body = parseOr400(FormSavePayloadSchema, req.body, res);
    if (body) res.status(201).json(item(store.create(body.definition)));
  });
  router.get("/forms/versions/:id", read, (req, res) => {
    const id = parseOr400(FormIdParamSchema, req.params.id, res);
    if (id) found(res, store.version(id));
  });
  router.get("/forms/:id", read, (req, res) => {
    const id = parseOr400(FormIdParamSchema, req.params.id, res);
    if (id) found(res, store.get(id));
  });
  router.put("/forms/:id", write, json, (req, res) => {
    const id = parseOr400(FormIdParamSchema, req.params.id, res);
    const body = id && parseOr400(FormSavePayloadSchema, req.body, res);
    if (id && body) found(res, store.save(id, body.definition));
  });
  router.post("/forms/:id/publish", publish, json, (req, res) => {
    const id = parseOr400(FormIdParamSchema, req.params.id, res);
    const body = id && parseOr400(FormLanguagePayloadSchema, req.body, res);
    if (!id || !body) return;
    const result = store.publish(id, body.lang, callerOf(res).id);
    if (result === null) return fail(res, 404, "No such form");
    if ("problems" in result) return res.status(422).json({ hasError: true, errors: result.problems.map((message) => ({ message })) });
    if ("slugTaken" in result) return fail(res, 409, "slug_taken", "slug");
    services.audit.record({ actor: actorOf(res), action: "form.publish", target: `form:${id}`, detail: null, facts: { lang: body.lang } });
    res.json(item(result));
  });
  router.post("/forms/:id/unpublish", publish, json, (req, res) => {
    const id = parseOr400(FormIdParamSchema, req.params.id, res);
    const body = id && parseOr400(FormLanguagePayloadSchema, req.body, res);
    if (!id || !body) return;
    const result = store.unpublish(id, body.lang);
    if (result) services.audit.record({ actor: actorOf(res), action: "form.unpublish", target: `form:${id}`, detail: null, facts: { lang: body.lang } });
    found(res, result);
  });
  return router;
}

/** forms and forms/page (client token): what the public site shows, published versions only. */
export function createFormsRouter(store: FormStore) {
  const router = express.Router();
  router.get("/forms", (_req, res) => {
    const rows = store.published();
    res.json(list(rows, rows.length));
  });
  router.get("/forms/page", (req, res) => {
    const query = parseOr400(FormPageQuerySchema, req.query, res);
    if (!query) return;
    const page = store.page(query.lang, query.slug);
    if (page) res.json(item(page));
    else fail(res, 404, "Not found");
  });
  // The version a lead answered (the site's inbox reads old leads with it).
  router.get("/forms/versions/:id", (req, res) => {
    const id = parseOr400(FormIdParamSchema, req.params.id, res);
    if (!id) return;
    const version = store.version(id);
    if (version) res.json(item(version));
    else fail(res, 404, "Not found");
  });
  return router;
}
