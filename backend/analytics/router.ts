import express from "express";
import { z } from "zod";
import { AnalyticsBatchSchema } from "../../app/lib/platform/api/analytics-contract";
import { requireStaff } from "../auth/require-staff";
import { clinicDayOf, daysBefore } from "../clinic-days";
import { item, parseOr400 } from "../http";
import type { StaffServices } from "../staff-services";
import { activeUsersReport } from "./active-users";
import type { AnalyticsStore } from "./store";

/** POST analytics/events (client token): a batch of page views the site accepted. */
export function createAnalyticsEventsRouter(store: AnalyticsStore) {
  const router = express.Router();
  // 100 events of at most ~1 KB each.
  router.post("/analytics/events", express.json({ limit: "128kb" }), (req, res) => {
    const batch = parseOr400(AnalyticsBatchSchema, req.body, res);
    if (batch) res.json(item(store.add(batch.events)));
  });
  return router;
}

const DAY = 86_400_000;
const isoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
/** At most a year, as the customer figures: a period's cost stays bounded. */
const QuerySchema = z
  .object({ from: isoDay.optional(), to: isoDay.optional() })
  .refine((q) => (!q.from && !q.to) || (q.from && q.to && q.from <= q.to && (Date.parse(q.to) - Date.parse(q.from)) / DAY < 366), { message: "period" });

/** GET admin/analytics/active-users (staff bearer, read:dashboard); the last 30 clinic days by default. */
export function createAnalyticsAdminRouter(services: StaffServices, store: AnalyticsStore, onUnauthorized?: () => void) {
  const router = express.Router();
  const report = activeUsersReport(store);
  router.get("/analytics/active-users", requireStaff(services, "read:dashboard", onUnauthorized), (req, res) => {
    const query = parseOr400(QuerySchema, req.query, res);
    if (!query) return;
    const now = services.clock();
    const to = query.to ?? clinicDayOf(now);
    res.json(item(report(query.from ?? daysBefore(to, 29), to, now)));
  });
  return router;
}
