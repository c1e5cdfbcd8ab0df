import express from "express";
import {
  BulletinDraftSchema,
  BulletinOpenSchema,
  BulletinIdParamSchema,
  BulletinRecipientsRequestSchema,
  BulletinSchedulePayloadSchema,
  DeliveryReportSchema,
} from "../../app/lib/platform/api/bulletins-contract";
import { actorOf, callerOf, requireStaff } from "../auth/require-staff";
import { fail, item, list, parseOr400 } from "../http";
import type { StaffServices } from "../staff-services";
import type { SubscriptionStore } from "../subscriptions/store";
import type { BulletinOpens } from "./opens";
import type { BulletinStore } from "./store";

const IdSchema = BulletinIdParamSchema;

/**
 * admin/bulletins… (staff bearer; docs/api-contract.md, "Bulletins"): drafts take write:bulletin,
 * scheduling and cancelling a send take send:bulletin, and both are in the audit log.
 */
export function createBulletinsAdminRouter(services: StaffServices, store: BulletinStore, onUnauthorized?: () => void) {
  const router = express.Router();
  const json = express.json({ limit: "1mb" });
  const write = requireStaff(services, "write:bulletin", onUnauthorized);
  const send = requireStaff(services, "send:bulletin", onUnauthorized);
  const audit = (res: express.Response, action: string, id: number, facts: Record<string, string | number | null>) =>
    services.audit.record({ actor: actorOf(res), action, target: `bulletin:${id}`, detail: null, facts });
  /** A store answer: null is gone (404), undefined is not in a state that allows it (409). */
  const answer = (res: express.Response, result: unknown) =>
    result === null
      ? fail(res, 404, "No such bulletin")
      : result === undefined
        ? fail(res, 409, "The bulletin is not in a state that allows this")
        : res.json(item(result));

  router.get("/bulletins", write, (_req, res) => {
    const rows = store.list().map(({ body: _body, ...summary }) => summary);
    res.json(list(rows, rows.length));
  });
  router.post("/bulletins", write, json, (req, res) => {
    const draft = parseOr400(BulletinDraftSchema, req.body, res);
    if (draft) res.status(201).json(item(store.create(draft, callerOf(res).id)));
  });
  router.get("/bulletins/:id", write, (req, res) => {
    const id = parseOr400(IdSchema, req.params.id, res);
    if (id) answer(res, store.withOpens(id) ?? null);
  });
  router.put("/bulletins/:id", write, json, (req, res) => {
    const id = parseOr400(IdSchema, req.params.id, res);
    const draft = id && parseOr400(BulletinDraftSchema, req.body, res);
    if (id && draft) answer(res, store.save(id, draft, callerOf(res).id));
  });
  // Versions (ADR 060): every save and restore of a draft.
  router.get("/bulletins/:id/versions", write, (req, res) => {
    const id = parseOr400(IdSchema, req.params.id, res);
    const found = id ? store.versions(id) : undefined;
    if (found === null) return fail(res, 404, "No such bulletin");
    if (found) res.json(list(found.rows, found.total));
  });
  router.get("/bulletins/:id/versions/:versionId", write, (req, res) => {
    const id = parseOr400(IdSchema, req.params.id, res);
    const versionId = id && parseOr400(IdSchema, req.params.versionId, res);
    if (id && versionId) answer(res, store.version(id, versionId));
  });
  router.post("/bulletins/:id/versions/:versionId/restore", write, (req, res) => {
    const id = parseOr400(IdSchema, req.params.id, res);
    const versionId = id && parseOr400(IdSchema, req.params.versionId, res);
    if (id && versionId) answer(res, store.restore(id, versionId, callerOf(res).id));
  });
  // The public archive (ADR 060): publishing a sent issue there, or taking it back, is the sender's.
  for (const [step, change] of [
    ["publish", store.publish],
    ["withdraw", store.withdraw],
  ] as const) {
    router.post(`/bulletins/:id/${step}`, send, (req, res) => {
      const id = parseOr400(IdSchema, req.params.id, res);
      if (!id) return;
      const result = change(id);
      if (result) audit(res, `bulletin.${step}`, id, { list: result.list });
      answer(res, result);
    });
  }
  router.post("/bulletins/:id/schedule", send, json, (req, res) => {
    const id = parseOr400(IdSchema, req.params.id, res);
    const body = id && parseOr400(BulletinSchedulePayloadSchema, req.body, res);
    if (!id || !body) return;
    const sendAt = new Date(body.sendAt).toISOString();
    const result = store.schedule(id, sendAt);
    if (result) audit(res, "bulletin.schedule", id, { list: result.list, sendAt });
    answer(res, result);
  });
  router.post("/bulletins/:id/unschedule", send, (req, res) => {
    const id = parseOr400(IdSchema, req.params.id, res);
    if (!id) return;
    const result = store.unschedule(id);
    if (result) audit(res, "bulletin.unschedule", id, { list: result.list });
    answer(res, result);
  });
  return router;
}

/** bulletins/recipients, bulletins/opens and subscriptions/report (client token: the site's outbox job and its mail webhook). */
export function createBulletinsRouter(store: BulletinStore, subscriptions: SubscriptionStore, opens: BulletinOpens) {
  const router = express.Router();
  const json = express.json({ limit: "4kb" });
  router.post("/bulletins/recipients", json, (req, res) => {
    const body = parseOr400(BulletinRecipientsRequestSchema, req.body, res);
    if (body) res.json(item(store.recipients(body.id, body.sendAt, body.after)));
  });
  // The site's pixel route, once it checked the open's signed token (ADR 057 amended).
  router.post("/bulletins/opens", json, (req, res) => {
    const body = parseOr400(BulletinOpenSchema, req.body, res);
    if (body) res.json(item({ counted: opens.record(body.id, body.reader) }));
  });
  // The public archive (ADR 060): published issues only, and nothing of their recipients.
  router.get("/bulletins/archive", (_req, res) => {
    const rows = store.archive();
    res.json(list(rows, rows.length));
  });
  router.get("/bulletins/archive/:id", (req, res) => {
    const id = parseOr400(IdSchema, req.params.id, res);
    if (!id) return;
    const issue = store.archived(id);
    if (issue) res.json(item(issue));
    else fail(res, 404, "Not found");
  });
  router.post("/subscriptions/report", json, (req, res) => {
    const body = parseOr400(DeliveryReportSchema, req.body, res);
    if (body) res.json(item(subscriptions.report(body.email, body.kind)));
  });
  return router;
}
