import express from "express";
import {
  PushAudienceQuerySchema,
  PushCountQuerySchema,
  PushNoticeApproveSchema,
  PushNoticeRequestSchema,
  PushNotificationCreateSchema,
  PushRemoveRequestSchema,
  PushResultRequestSchema,
  PushSubscribeRequestSchema,
} from "../../app/lib/platform/api/push-contract";
import { actorOf, callerOf, requireStaff } from "../auth/require-staff";
import { fail, idOf, item, list, parseOr400 } from "../http";
import type { StaffServices } from "../staff-services";
import type { PushStore } from "./store";

/** The history's length: the newest notifications. */
const HISTORY = 100;

/** push-subscriptions…, push-notifications/:id/results (client token; docs/api-contract.md, "Push"). */
export function createPushRouter(store: PushStore) {
  const router = express.Router();
  const json = express.json({ limit: "8kb" });
  router.post("/push-subscriptions", json, (req, res) => {
    const body = parseOr400(PushSubscribeRequestSchema, req.body, res);
    if (body) res.json(item({ id: store.subscribe(body) }));
  });
  router.post("/push-subscriptions/remove", json, (req, res) => {
    const body = parseOr400(PushRemoveRequestSchema, req.body, res);
    if (body) res.json(item({ removed: store.unsubscribe(body.endpoint) }));
  });
  router.get("/push-subscriptions", (req, res) => {
    const query = parseOr400(PushAudienceQuerySchema, req.query, res);
    if (!query) return;
    const data = store.recipients(query.source, query.language ?? null, query.after, query.limit);
    res.set("Cache-Control", "no-store").json(list(data, data.length, 1, query.limit));
  });
  router.post("/push-notifications/:id/results", json, (req, res) => {
    const id = idOf(req.params.id);
    const body = parseOr400(PushResultRequestSchema, req.body, res);
    if (!body) return;
    if (!id || !store.report(id, body.subscriptionId, body.outcome)) return fail(res, 404, "Not found");
    res.json(item({ recorded: true }));
  });
  return router;
}

/** admin/push/… (staff bearer, send:notification: the notification admin's). */
export function createPushAdminRouter(services: StaffServices, store: PushStore, onUnauthorized?: () => void) {
  const router = express.Router();
  const json = express.json({ limit: "16kb" });
  const gate = () => requireStaff(services, "send:notification", onUnauthorized);
  router.get("/push/sources", gate(), (_req, res) => {
    const data = store.sources();
    res.json(list(data, data.length));
  });
  router.get("/push/audience", gate(), (req, res) => {
    const query = parseOr400(PushCountQuerySchema, req.query, res);
    if (query) res.json(item({ count: store.audienceCount(query.source, query.languages) }));
  });
  router.get("/push/notifications", gate(), (_req, res) => {
    const data = store.history(HISTORY);
    res.json(list(data, data.length));
  });
  router.post("/push/notifications", gate(), json, (req, res) => {
    const body = parseOr400(PushNotificationCreateSchema, req.body, res);
    if (!body) return;
    const created = store.create(body, callerOf(res).id);
    services.audit.record({
      actor: actorOf(res),
      action: "push.send",
      target: `push:${created.id}`,
      detail: `notification of source ${created.source} to ${created.recipients} browsers (${Object.keys(created.messages).join(", ")})`,
      facts: { source: created.source, languages: Object.keys(created.messages), recipients: created.recipients },
    });
    res.status(201).json(item(created));
  });

  // "New discovery" notices (ADR 059): asked for by whoever publishes, decided by the notification admin.
  const refusal = (status: 404 | 409 | 422) => ({ 404: "not_found", 409: "decided", 422: "not_public" })[status];
  router.post("/push/notices", requireStaff(services, "publish:content", onUnauthorized), json, (req, res) => {
    const body = parseOr400(PushNoticeRequestSchema, req.body, res);
    if (!body) return;
    const asked = store.requestNotice(body, callerOf(res).id);
    if (!asked.ok) return fail(res, asked.status, refusal(asked.status));
    const { notice, created } = asked.value;
    if (created) {
      services.audit.record({
        actor: actorOf(res),
        action: "push.notice-request",
        target: `${notice.kind}:${notice.itemId}`,
        detail: `new-discovery notice asked for ${notice.kind} ${notice.itemId} in ${notice.language}`,
        facts: { kind: notice.kind, item: notice.itemId, language: notice.language },
      });
    }
    res.status(created ? 201 : 200).json(item(asked.value));
  });
  router.get("/push/notices", gate(), (_req, res) => {
    const data = store.pendingNotices(HISTORY);
    res.set("Cache-Control", "no-store").json(list(data, data.length));
  });
  router.post("/push/notices/:id/approve", gate(), json, (req, res) => {
    const id = idOf(req.params.id);
    const body = parseOr400(PushNoticeApproveSchema, req.body, res);
    if (!body) return;
    const approved = id ? store.approveNotice(id, body, callerOf(res).id) : ({ ok: false, status: 404 } as const);
    if (!approved.ok) return fail(res, approved.status, refusal(approved.status));
    const { notice, notification, created } = approved.value;
    if (created) {
      services.audit.record({
        actor: actorOf(res),
        action: "push.notice-approve",
        target: `${notice.kind}:${notice.itemId}`,
        detail: `new-discovery notice approved as notification ${notification.id} to ${notification.recipients} browsers (${notice.language})`,
        facts: { kind: notice.kind, item: notice.itemId, language: notice.language, notification: notification.id, recipients: notification.recipients },
      });
    }
    res.json(item({ notice, notification }));
  });
  router.post("/push/notices/:id/reject", gate(), (req, res) => {
    const id = idOf(req.params.id);
    const rejected = id ? store.rejectNotice(id, callerOf(res).id) : ({ ok: false, status: 404 } as const);
    if (!rejected.ok) return fail(res, rejected.status, refusal(rejected.status));
    const { notice, created } = rejected.value;
    if (created) {
      services.audit.record({
        actor: actorOf(res),
        action: "push.notice-reject",
        target: `${notice.kind}:${notice.itemId}`,
        detail: `new-discovery notice rejected (${notice.kind} ${notice.itemId}, ${notice.language})`,
        facts: { kind: notice.kind, item: notice.itemId, language: notice.language },
      });
    }
    res.json(item({ notice }));
  });
  return router;
}
