import express from "express";
import { CUSTOMER_LIST_MAX, type CustomerActiveUser, type CustomerActiveUsers } from "../../app/lib/platform/api/customer-active-users-contract";
import { leadKind } from "../admin/lead-records";
import { requireStaff } from "../auth/require-staff";
import { PeriodQuerySchema, clinicDayOf, clinicDayStart, nextDay } from "../clinic-days";
import { item, parseOr400 } from "../http";
import type { StaffServices } from "../staff-services";
import type { AnalyticsStore } from "./store";

const DAY = 86_400_000;

interface LinkedLead {
  id: number;
  kind: string;
  receivedAt: string;
  payload: string;
  patientId: number | null;
  visitorId: string;
}

/**
 * GET admin/analytics/customer-active-users?from=&to= (read:dashboard, ADR 055): the visitors who sent
 * a lead in a period of clinic days, from the link kept beside each lead and the visitor's raw views
 * in the event store. The counts cover every linked lead of the period; the list, the newest
 * CUSTOMER_LIST_MAX, reads each visitor's views by one index range.
 */
export function createCustomerActiveUsersRouter(services: StaffServices, store: AnalyticsStore, onUnauthorized?: () => void) {
  const router = express.Router();
  const linked = services.db.prepare(
    `SELECT l.id, l.kind, l.received_at AS receivedAt, l.payload, l.patient_id AS patientId, v.visitor_id AS visitorId
       FROM lead_visitors v JOIN leads l ON l.id = v.lead_id
      WHERE l.received_at >= ? AND l.received_at < ? ORDER BY l.received_at DESC, l.id DESC`,
  );
  const first = store.db.prepare(
    "SELECT at, path, referrer, utm_source AS source, utm_medium AS medium, utm_campaign AS campaign FROM events WHERE visitor_id = ? ORDER BY at LIMIT 1",
  );
  const split = store.db.prepare(
    `SELECT COALESCE(SUM(at < @at), 0) AS viewsBefore, COALESCE(SUM(at < @at AND entry = 1), 0) AS visitsBefore,
            COALESCE(SUM(at >= @at), 0) AS viewsAfter, COALESCE(SUM(at >= @at AND entry = 1), 0) AS visitsAfter
       FROM events WHERE visitor_id = @visitor`,
  );

  function describe(lead: LinkedLead): CustomerActiveUser {
    const payload = JSON.parse(lead.payload) as Record<string, unknown>;
    const at = Date.parse(lead.receivedAt);
    const name = [payload.name, payload.contactPerson].find((v): v is string => typeof v === "string") ?? "";
    const start = first.get(lead.visitorId) as
      { at: number; path: string; referrer: string | null; source: string | null; medium: string | null; campaign: string | null } | undefined;
    const counts = split.get({ at, visitor: lead.visitorId }) as { viewsBefore: number; visitsBefore: number; viewsAfter: number; visitsAfter: number };
    return {
      leadId: lead.id,
      leadAt: lead.receivedAt,
      kind: leadKind(lead.kind, payload),
      language: payload.languageCode as CustomerActiveUser["language"],
      patient: lead.patientId === null ? null : { id: lead.patientId, name },
      firstSeen: start ? new Date(start.at).toISOString() : null,
      before: { visits: counts.visitsBefore, views: counts.viewsBefore },
      after: { visits: counts.visitsAfter, views: counts.viewsAfter },
      entryPage: start?.path ?? null,
      referrer: start?.referrer ?? null,
      campaign: start?.campaign ? [start.source ?? "", start.medium ?? "", start.campaign].join(" / ") : null,
      daysToLead: start ? Math.round((Date.parse(clinicDayOf(at)) - Date.parse(clinicDayOf(start.at))) / DAY) : null,
    };
  }

  router.get("/analytics/customer-active-users", requireStaff(services, "read:dashboard", onUnauthorized), (req, res) => {
    const query = parseOr400(PeriodQuerySchema, req.query, res);
    if (!query) return;
    const leads = linked.all(clinicDayStart(query.from), clinicDayStart(nextDay(query.to))) as LinkedLead[];
    const perDay = new Map<string, Set<string>>();
    const byLanguage = new Map<string, Set<string>>();
    const byKind = new Map<string, Set<string>>();
    const add = (map: Map<string, Set<string>>, key: string, visitor: string) => map.set(key, (map.get(key) ?? new Set()).add(visitor));
    for (const lead of leads) {
      const payload = JSON.parse(lead.payload) as Record<string, unknown>;
      add(perDay, clinicDayOf(lead.receivedAt), lead.visitorId);
      add(byLanguage, String(payload.languageCode), lead.visitorId);
      add(byKind, leadKind(lead.kind, payload), lead.visitorId);
    }
    const counted = (map: Map<string, Set<string>>) =>
      [...map].map(([key, set]) => ({ key, visitors: set.size })).sort((a, b) => b.visitors - a.visitors || a.key.localeCompare(b.key));
    const days: CustomerActiveUsers["days"] = [];
    for (let day = query.from; day <= query.to; day = nextDay(day)) days.push({ day, visitors: perDay.get(day)?.size ?? 0 });
    const figures: CustomerActiveUsers = {
      from: query.from,
      to: query.to,
      visitors: new Set(leads.map((l) => l.visitorId)).size,
      leads: leads.length,
      days,
      byLanguage: counted(byLanguage),
      byKind: counted(byKind),
      customers: leads.slice(0, CUSTOMER_LIST_MAX).map(describe),
    };
    res.json(item(figures));
  });
  return router;
}
