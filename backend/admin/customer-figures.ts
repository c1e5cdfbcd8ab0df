import express from "express";
import { requireStaff } from "../auth/require-staff";
import { PeriodQuerySchema, clinicDayOf, clinicDayStart, daysBefore, nextDay } from "../clinic-days";
import { item, parseOr400 } from "../http";
import type { StaffServices } from "../staff-services";

/** The funnel's stages in the order a lead moves through them; lost and spam are no step of it. */
const FUNNEL = ["new", "contacted", "offer_sent", "booked", "treated"] as const;
const PATIENT_RANK = FUNNEL.indexOf("booked");

interface Row {
  id: number;
  received_at: string;
  status: string;
  first_answer_at: string | null;
  assignee_name: string | null;
  entered_by: number | null;
  country: string | null;
  treatment: number | null;
  language: string | null;
  source: string | null;
  reached: string | null;
}
interface Group {
  leads: number;
  patients: number;
  answerMinutes: number[];
}

const median = (values: number[]) => {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};
const figures = (groups: Map<string, Group>) =>
  [...groups].map(([key, g]) => ({ key, leads: g.leads, patients: g.patients, medianFirstAnswerMinutes: median(g.answerMinutes) }));

/** admin/analytics/customers: leads and patients (booked or treated) of a period, spam left out. */
export function createCustomerFiguresRouter(services: StaffServices, onUnauthorized?: () => void) {
  const { db } = services;
  const router = express.Router();
  // A lead's furthest stage is the furthest of its status and every status its history records.
  const rows = db.prepare(
    `SELECT l.id, l.received_at, l.status, l.first_answer_at, l.entered_by, u.name AS assignee_name,
            json_extract(l.payload, '$.countryCode') AS country, json_extract(l.payload, '$.treatmentId') AS treatment,
            json_extract(l.payload, '$.languageCode') AS language, json_extract(l.payload, '$.source') AS source,
            (SELECT group_concat(h.after) FROM lead_history h WHERE h.lead_id = l.id AND h.field = 'status') AS reached
       FROM leads l LEFT JOIN users u ON u.id = l.assignee_id
      WHERE l.received_at >= ? AND l.received_at < ? AND l.status <> 'spam'`,
  );

  router.get("/analytics/customers", requireStaff(services, "read:audit", onUnauthorized), (req, res) => {
    const query = parseOr400(PeriodQuerySchema, req.query, res);
    if (!query) return;
    // The clinic's days: from the start of `from` to the start of the day after `to`, in Istanbul.
    const all = rows.all(clinicDayStart(query.from), clinicDayStart(nextDay(query.to))) as Row[];
    const funnel = FUNNEL.map(() => 0);
    const weeks = new Map<string, { leads: number; patients: number }>();
    const by = {
      coordinator: new Map<string, Group>(),
      country: new Map<string, Group>(),
      treatment: new Map<string, Group>(),
      language: new Map<string, Group>(),
    };
    const handBySource = new Map<string, number>();
    const answers: number[] = [];
    for (const row of all) {
      const stages = [row.status, ...(row.reached ? row.reached.split(",") : [])];
      const rank = Math.max(...stages.map((s) => FUNNEL.indexOf(s as (typeof FUNNEL)[number])), 0);
      for (let i = 0; i <= rank; i++) funnel[i]++;
      const patient = rank >= PATIENT_RANK;
      const received = Date.parse(row.received_at);
      // Weeks start on the clinic's Monday: the lead's day there, back to its Monday (getUTCDay of a bare day is its weekday).
      const day = clinicDayOf(received);
      const week = daysBefore(day, (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7);
      const w = weeks.get(week) ?? { leads: 0, patients: 0 };
      w.leads++;
      if (patient) w.patients++;
      weeks.set(week, w);
      const minutes = row.first_answer_at ? Math.max(0, Math.round((Date.parse(row.first_answer_at) - received) / 60_000)) : null;
      if (minutes !== null) answers.push(minutes);
      const keys = {
        coordinator: row.assignee_name ?? "",
        country: row.country ?? "",
        treatment: row.treatment === null ? "" : String(row.treatment),
        language: row.language ?? "",
      };
      for (const dim of Object.keys(by) as (keyof typeof by)[]) {
        const g = by[dim].get(keys[dim]) ?? { leads: 0, patients: 0, answerMinutes: [] };
        g.leads++;
        if (patient) g.patients++;
        if (minutes !== null) g.answerMinutes.push(minutes);
        by[dim].set(keys[dim], g);
      }
      if (row.entered_by !== null) handBySource.set(row.source ?? "", (handBySource.get(row.source ?? "") ?? 0) + 1);
    }
    res.json(
      item({
        from: query.from,
        to: query.to,
        leads: all.length,
        patients: funnel[PATIENT_RANK],
        medianFirstAnswerMinutes: median(answers),
        weeks: [...weeks].sort(([a], [b]) => a.localeCompare(b)).map(([week, w]) => ({ week, ...w })),
        funnel: FUNNEL.map((stage, i) => ({ stage, count: funnel[i] })),
        byCoordinator: figures(by.coordinator),
        byCountry: figures(by.country),
        byTreatment: figures(by.treatment),
        byLanguage: figures(by.language),
        handEnteredBySource: [...handBySource].map(([source, count]) => ({ source, count })),
      }),
    );
  });
  return router;
}
