import express from "express";
import { z } from "zod";
import { LANGUAGE_CODES } from "../../app/lib/platform/api/contract";
import { LEAD_KINDS, LEAD_STATUSES, type LeadKind, type LeadStatus } from "../../app/lib/platform/api/admin-contract";
import { requireStaff } from "../auth/require-staff";
import { clinicDayOf, clinicDayStart, daysBefore } from "../clinic-days";
import { item, parseOr400 } from "../http";
import type { StaffServices } from "../staff-services";
import { leadKind } from "./lead-records";

const StatsQuerySchema = z.object({ days: z.coerce.number().int().min(1).max(90).default(30) });
type Lang = (typeof LANGUAGE_CODES)[number];

const zeros = <K extends string>(keys: readonly K[]) => Object.fromEntries(keys.map((k) => [k, 0])) as Record<K, number>;

/** admin/stats: leads a day by kind and by language over the clinic's last `days` days, and by status. */
export function createStatsRouter(services: StaffServices, onUnauthorized?: () => void) {
  const { db } = services;
  const router = express.Router();
  // Grouped by the hour (UTC hours fall within one clinic day: its offset is whole hours), then by the clinic's day here.
  const grouped = db.prepare(
    `SELECT substr(received_at, 1, 13) AS hour, kind, json_extract(payload, '$.formType') AS formType,
            json_extract(payload, '$.languageCode') AS language, status, COUNT(*) AS n
       FROM leads WHERE received_at >= ? GROUP BY hour, kind, formType, language, status`,
  );

  router.get("/stats", requireStaff(services, "read:dashboard", onUnauthorized), (req, res) => {
    const query = parseOr400(StatsQuerySchema, req.query, res);
    if (!query) return;
    const today = clinicDayOf(services.clock());
    const days = Array.from({ length: query.days }, (_, i) => ({
      date: daysBefore(today, query.days - 1 - i),
      byKind: zeros<LeadKind>(LEAD_KINDS),
      byLanguage: zeros<Lang>(LANGUAGE_CODES),
    }));
    const byDate = new Map(days.map((d) => [d.date, d]));
    const byStatus = zeros<LeadStatus>(LEAD_STATUSES);
    const rows = grouped.all(clinicDayStart(days[0].date)) as {
      hour: string;
      kind: string;
      formType: unknown;
      language: string;
      status: LeadStatus;
      n: number;
    }[];
    for (const row of rows) {
      const day = byDate.get(clinicDayOf(`${row.hour}:00:00Z`));
      // A lead stamped after today (a clock that went back) is outside the period.
      if (!day) continue;
      day.byKind[leadKind(row.kind, { formType: row.formType })] += row.n;
      if (row.language in day.byLanguage) day.byLanguage[row.language as Lang] += row.n;
      if (row.status in byStatus) byStatus[row.status] += row.n;
    }
    res.json(item({ days, byStatus }));
  });
  return router;
}
