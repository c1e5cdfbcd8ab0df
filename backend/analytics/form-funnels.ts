import express from "express";
import { LANGUAGE_CODES } from "../../app/lib/platform/api/contract";
import { FormEventBatchSchema, type FormFunnels } from "../../app/lib/platform/api/form-funnels-contract";
import { LEAD_KINDS } from "../../app/lib/platform/api/lead-kinds";
import { leadKind } from "../admin/lead-records";
import { requireStaff } from "../auth/require-staff";
import { PeriodQuerySchema, clinicDayOf, clinicDayStart, daysBefore, nextDay } from "../clinic-days";
import { item, parseOr400 } from "../http";
import type { StaffServices } from "../staff-services";
import type { AnalyticsStore } from "./store";

type Kind = (typeof LEAD_KINDS)[number];
type Lang = (typeof LANGUAGE_CODES)[number];
type Funnel = FormFunnels["funnels"][number];

/** POST analytics/form-events (client token): a batch of form events the site accepted (ADR 054). */
export function createFormEventsRouter(store: AnalyticsStore) {
  const router = express.Router();
  // 100 events of at most ~300 bytes each.
  router.post("/analytics/form-events", express.json({ limit: "64kb" }), (req, res) => {
    const batch = parseOr400(FormEventBatchSchema, req.body, res);
    if (batch) res.json(item(store.addFormEvents(batch.events)));
  });
  return router;
}

const zeros = <K extends string>(keys: readonly K[]) => Object.fromEntries(keys.map((k) => [k, 0])) as Record<K, number>;

/** The middle of counted seconds (-1 rows are events without a time); null when none. */
function median(counts: Map<number, number>): number | null {
  const sorted = [...counts].sort((a, b) => a[0] - b[0]);
  const total = sorted.reduce((sum, [, n]) => sum + n, 0);
  if (total === 0) return null;
  let seen = 0;
  for (const [seconds, n] of sorted) {
    seen += n;
    if (seen * 2 >= total) return seconds;
  }
  return null;
}

/**
 * A period's funnels. Form events come from the roll-ups (no visitor id); views from the page views'
 * `form` roll-up; delivered and the leads per day from the leads the API received, which counts every
 * lead, consent or not (delivered is the API's acceptance, which only the API knows for certain).
 */
export function formFunnelsReport(services: Pick<StaffServices, "db">, store: AnalyticsStore) {
  const rollups = store.db.prepare(
    `SELECT kind, form_id AS formId, lang, type, field, code, seconds, SUM(count) AS n FROM form_rollups
      WHERE day BETWEEN ? AND ? GROUP BY kind, form_id, lang, type, field, code, seconds`,
  );
  const views = store.db.prepare("SELECT key, SUM(views) AS n FROM rollups WHERE dimension = 'form' AND day BETWEEN ? AND ? GROUP BY key");
  // Grouped by the hour (the clinic's offset is whole hours), then by the clinic's day here, as admin/stats does.
  const leads = services.db.prepare(
    `SELECT substr(received_at, 1, 13) AS hour, kind, json_extract(payload, '$.formType') AS formType,
            json_extract(payload, '$.languageCode') AS language, json_extract(payload, '$.formId') AS formId, COUNT(*) AS n
       FROM leads WHERE received_at >= ? AND received_at < ? GROUP BY hour, kind, formType, language, formId`,
  );
  // A built form's funnel is titled by its name, its fields labelled by its latest published version (ADR 065).
  const builtForm = services.db.prepare("SELECT name, (SELECT MAX(id) FROM form_versions WHERE form_id = forms.id) AS versionId FROM forms WHERE id = ?");

  return (from: string, to: string): FormFunnels => {
    const funnels = new Map<string, Funnel & { fill: Map<number, number> }>();
    const funnel = (kind: Kind, formId: number | null, lang: Lang) => {
      const key = `${kind}/${formId ?? ""}/${lang}`;
      let entry = funnels.get(key);
      if (!entry) {
        entry = {
          kind,
          formId,
          name: null,
          versionId: null,
          lang,
          views: 0,
          started: 0,
          submitted: 0,
          refused: 0,
          accepted: 0,
          delivered: 0,
          abandoned: 0,
          medianSeconds: null,
          fill: new Map(),
        };
        funnels.set(key, entry);
      }
      return entry;
    };
    /** A known kind and language, with the form's id a built form needs (and only it has): else null. */
    const known = (kind: string, lang: string, formId: unknown): [Kind, number | null, Lang] | null => {
      if (!(LEAD_KINDS as readonly string[]).includes(kind) || !(LANGUAGE_CODES as readonly string[]).includes(lang)) return null;
      const id = Number(formId);
      if (kind !== "builtForm") return [kind as Kind, null, lang as Lang];
      return Number.isInteger(id) && id > 0 ? ["builtForm", id, lang as Lang] : null;
    };

    const stops = new Map<string, { kind: Kind; formId: number | null; field: string; count: number }>();
    const errors = new Map<string, { kind: Kind; formId: number | null; field: string; code: string; count: number }>();
    const rows = rollups.all(from, to) as {
      kind: string;
      formId: number;
      lang: string;
      type: string;
      field: string;
      code: string;
      seconds: number;
      n: number;
    }[];
    for (const row of rows) {
      const found = known(row.kind, row.lang, row.formId);
      if (!found) continue;
      const entry = funnel(...found);
      const [kind, formId] = found;
      const form = `${kind}/${formId ?? ""}`;
      if (row.type === "started" || row.type === "submitted" || row.type === "refused" || row.type === "accepted" || row.type === "abandoned")
        entry[row.type] += row.n;
      if (row.type === "accepted" && row.seconds >= 0) entry.fill.set(row.seconds, (entry.fill.get(row.seconds) ?? 0) + row.n);
      if (row.type === "abandoned" && row.field) {
        const stop = stops.get(`${form}/${row.field}`) ?? { kind, formId, field: row.field, count: 0 };
        stop.count += row.n;
        stops.set(`${form}/${row.field}`, stop);
      }
      if (row.type === "error" && row.field && row.code) {
        const error = errors.get(`${form}/${row.field}/${row.code}`) ?? { kind, formId, field: row.field, code: row.code, count: 0 };
        error.count += row.n;
        errors.set(`${form}/${row.field}/${row.code}`, error);
      }
    }
    // `kind/lang`, or a built form's `builtForm/lang/id` (store.ts).
    for (const row of views.all(from, to) as { key: string; n: number }[]) {
      const [kind = "", lang = "", formId] = row.key.split("/");
      const found = known(kind, lang, formId);
      if (found) funnel(...found).views += row.n;
    }

    const days = Array.from({ length: (Date.parse(to) - Date.parse(from)) / 86_400_000 + 1 }, (_, i) => ({
      day: daysBefore(from, -i),
      byKind: zeros<Kind>(LEAD_KINDS),
      byLanguage: zeros<Lang>(LANGUAGE_CODES),
    }));
    const byDay = new Map(days.map((d) => [d.day, d]));
    const leadRows = leads.all(clinicDayStart(from), clinicDayStart(nextDay(to))) as {
      hour: string;
      kind: string;
      formType: unknown;
      language: string;
      formId: unknown;
      n: number;
    }[];
    for (const row of leadRows) {
      const day = byDay.get(clinicDayOf(`${row.hour}:00:00Z`));
      if (!day) continue;
      const kind = leadKind(row.kind, { formType: row.formType });
      day.byKind[kind] += row.n;
      if (!(LANGUAGE_CODES as readonly string[]).includes(row.language)) continue;
      day.byLanguage[row.language as Lang] += row.n;
      const found = known(kind, row.language, row.formId);
      if (found) funnel(...found).delivered += row.n;
    }

    for (const entry of funnels.values()) {
      if (entry.formId === null) continue;
      const form = builtForm.get(entry.formId) as { name: string; versionId: number | null } | undefined;
      entry.name = form?.name ?? null;
      entry.versionId = form?.versionId ?? null;
    }
    const order = (f: Funnel) => [LEAD_KINDS.indexOf(f.kind), f.formId ?? 0, LANGUAGE_CODES.indexOf(f.lang)];
    const byOrder = (a: Funnel, b: Funnel) => {
      const [x, y] = [order(a), order(b)];
      return x[0] - y[0] || x[1] - y[1] || x[2] - y[2];
    };
    return {
      funnels: [...funnels.values()].map(({ fill, ...rest }) => ({ ...rest, medianSeconds: median(fill) })).sort(byOrder),
      stops: [...stops.values()].sort((a, b) => b.count - a.count).slice(0, 20),
      errors: [...errors.values()].sort((a, b) => b.count - a.count).slice(0, 20),
      leads: days,
    };
  };
}

/** GET admin/analytics/forms (staff bearer, read:dashboard); the last 30 clinic days by default. */
export function createFormFunnelsAdminRouter(services: StaffServices, store: AnalyticsStore, onUnauthorized?: () => void) {
  const router = express.Router();
  const report = formFunnelsReport(services, store);
  router.get("/analytics/forms", requireStaff(services, "read:dashboard", onUnauthorized), (req, res) => {
    const today = clinicDayOf(services.clock());
    const hasPeriod = req.query.from !== undefined || req.query.to !== undefined;
    const query = parseOr400(PeriodQuerySchema, hasPeriod ? req.query : { from: daysBefore(today, 29), to: today }, res);
    if (query) res.json(item(report(query.from, query.to)));
  });
  return router;
}
