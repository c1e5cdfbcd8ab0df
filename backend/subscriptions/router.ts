import express from "express";
import { z } from "zod";
import {
  ConfirmRequestSchema,
  LookupRequestSchema,
  SubscribeRequestSchema,
  SubscriberEmailSchema,
  UnsubscribeRequestSchema,
} from "../../app/lib/platform/api/subscriptions-contract";
import { requireStaff } from "../auth/require-staff";
import { item, parseOr400 } from "../http";
import type { StaffServices } from "../staff-services";
import type { SubscriptionStore } from "./store";

/** subscriptions, subscriptions/confirm, …/lookup, …/unsubscribe (client token; docs/api-contract.md, "Subscriptions"). */
export function createSubscriptionsRouter(store: SubscriptionStore) {
  const router = express.Router();
  const json = express.json({ limit: "8kb" });
  router.post("/subscriptions", json, (req, res) => {
    const body = parseOr400(SubscribeRequestSchema, req.body, res);
    if (body) res.json(item(store.subscribe(body)));
  });
  router.post("/subscriptions/confirm", json, (req, res) => {
    const body = parseOr400(ConfirmRequestSchema, req.body, res);
    if (body) res.json(item({ confirmed: store.confirm(body.token) }));
  });
  router.post("/subscriptions/lookup", json, (req, res) => {
    const body = parseOr400(LookupRequestSchema, req.body, res);
    if (body) res.json(item({ lists: store.lists(body.email) }));
  });
  router.post("/subscriptions/unsubscribe", json, (req, res) => {
    const body = parseOr400(UnsubscribeRequestSchema, req.body, res);
    if (body) res.json(item({ unsubscribed: store.unsubscribe(body.email, body.list) }));
  });
  return router;
}

/** `?q=` an exact address, or nothing. */
const OverviewQuerySchema = z.object({ q: z.union([SubscriberEmailSchema, z.literal("")]).optional() });

/** GET admin/subscriptions and admin/subscriptions/consents (staff bearer, read:audit: the owner's). */
export function createSubscriptionsAdminRouter(services: StaffServices, store: SubscriptionStore, onUnauthorized?: () => void) {
  const router = express.Router();
  router.get("/subscriptions", requireStaff(services, "read:audit", onUnauthorized), (req, res) => {
    const query = parseOr400(OverviewQuerySchema, req.query, res);
    if (query) res.json(item(store.overview(query.q || undefined)));
  });
  router.get("/subscriptions/consents", requireStaff(services, "read:audit", onUnauthorized), (_req, res) => {
    res.json(item(store.records()));
  });
  return router;
}
