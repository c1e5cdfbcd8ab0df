import type { AppLoadContext } from "@remix-run/node";
import { requirePage, staffCall } from "~/lib/admin/guard.server";
import { staffLanguage } from "~/lib/admin/language.server";
import { readLeadFilters } from "~/lib/admin/lead-filters";
import { statusKey } from "~/lib/admin/lead-status";
import { exportNames, type ExportNames } from "~/lib/admin/lead-refs.server";
import { countryName } from "~/lib/admin/lead-fields.server";
import { builtFormAnswers, versionReader } from "~/lib/admin/built-form-answers.server";
import { clinicIsoDateTime } from "~/lib/admin/staff-time";
import { DAYS } from "~/lib/forms/choices";
import type { LeadExportItem } from "~/lib/platform/api/admin-contract";
import i18next from "~/lib/render/i18next.server";
import { weekdayName } from "~/lib/site/format";

/**
 * The inbox's exports, the spreadsheet (XLSX) and the raw CSV: one row per lead, always these
 * columns in this order, so an import built on the file keeps working whatever kinds a filter
 * leaves in; a column a kind does not have is empty. Headings and words (kind, status, language,
 * contact channel, weekday, country, the names of what the visitor chose from a list) are in the
 * staff member's language, with the status words the inbox shows, so a stage added to the pipeline
 * is named as it is there. Times are on the clinic's clock with their offset. What the visitor
 * typed is written as typed.
 */
export const LEAD_EXPORT_COLUMNS = [
  "id",
  "received",
  "kind",
  "source",
  "status",
  "assignee",
  "language",
  "name",
  "contactPerson",
  "organisation",
  "email",
  "phone",
  "country",
  "countryCode",
  "city",
  "treatment",
  "contactChannel",
  "preferredDay",
  "subject",
  "message",
  "website",
  "institutionType",
  "position",
  "notesCount",
  // A built form's (ADR 065): its title and its answers, labelled as the version it answered. Last, so older imports keep their columns.
  "form",
  "answers",
] as const;
type Column = (typeof LEAD_EXPORT_COLUMNS)[number];

/** Each heading's key in the admin namespace: the lead page's field labels where it has one. */
const HEADINGS: Record<Column, string> = {
  id: "leads.exportColumns.id",
  received: "leads.columns.received",
  kind: "leads.columns.kind",
  source: "fields.source",
  status: "leads.columns.status",
  assignee: "leads.columns.assignee",
  language: "fields.languageCode",
  name: "fields.name",
  contactPerson: "fields.contactPerson",
  organisation: "fields.organisation",
  email: "fields.email",
  phone: "fields.phone",
  country: "fields.countryCode",
  countryCode: "leads.exportColumns.countryCode",
  city: "fields.cityId",
  treatment: "fields.treatmentId",
  contactChannel: "fields.contactChannel",
  preferredDay: "fields.preferredDay",
  subject: "fields.subject",
  message: "fields.message",
  website: "fields.website",
  institutionType: "fields.institutionTypeId",
  position: "fields.position",
  notesCount: "leads.exportColumns.notesCount",
  form: "fields.formTitle",
  answers: "leads.exportColumns.answers",
};

type T = (key: string, options?: Record<string, unknown>) => string;
/** A cell: text (what was typed, words, times), or a number the API counted (id, notes). */
export type ExportCell = string | number | null;

const text = (value: LeadExportItem["fields"][string] | undefined) => (typeof value === "string" ? value : null);
const num = (value: LeadExportItem["fields"][string] | undefined) => (typeof value === "number" ? value : null);

/** A built form's answers by lead id, as one cell: "label: value" per line. */
export type ExportAnswers = ReadonlyMap<number, string>;

function leadRow(lead: LeadExportItem, names: ExportNames, t: T, lang: string, answers: ExportAnswers): ExportCell[] {
  const f = lead.fields;
  const country = text(f.countryCode);
  const cityId = num(f.cityId);
  const treatmentId = num(f.treatmentId);
  const typeId = num(f.institutionTypeId);
  const channel = text(f.contactChannel);
  const day = text(f.preferredDay);
  const dayIndex = DAYS.findIndex((d) => d.name === day);
  const position = text(f.position);
  const values: Record<Column, ExportCell> = {
    id: lead.id,
    received: clinicIsoDateTime(lead.receivedAt),
    kind: t(`kinds.${lead.kind}`),
    source: lead.source && t(`leads.sources.${lead.source}`, { defaultValue: lead.source }),
    status: t(statusKey(lead.status), { defaultValue: lead.status }),
    assignee: lead.assignee?.name ?? null,
    language: t(`siteLanguages.${lead.language}`),
    name: lead.name,
    contactPerson: text(f.contactPerson),
    organisation: text(f.organisation),
    email: lead.email,
    phone: lead.phone,
    country: country && countryName(country, lang),
    countryCode: country,
    city: text(f.cityName) ?? (cityId === null ? null : (country && names.city(country, cityId)) || String(cityId)),
    treatment: treatmentId === null ? null : (names.treatment(treatmentId) ?? String(treatmentId)),
    contactChannel: channel && t(`leads.contactChannels.${channel}`, { defaultValue: channel }),
    preferredDay: dayIndex < 0 ? day : weekdayName(lang, dayIndex),
    subject: text(f.subject),
    message: text(f.message),
    website: text(f.website),
    institutionType: typeId === null ? null : (names.institutionType(typeId) ?? String(typeId)),
    position: position && (names.position(position) ?? position),
    notesCount: lead.notesCount,
    form: text(f.formTitle),
    answers: answers.get(lead.id) ?? null,
  };
  return LEAD_EXPORT_COLUMNS.map((column) => values[column]);
}

/** The headings, then one row per lead. */
export function leadExportTable(leads: readonly LeadExportItem[], names: ExportNames, t: T, lang: string, answers: ExportAnswers = new Map()): ExportCell[][] {
  return [LEAD_EXPORT_COLUMNS.map((column) => t(HEADINGS[column])), ...leads.map((lead) => leadRow(lead, names, t, lang, answers))];
}

/** `leads-2026-11-26.csv` or `.xlsx`: the day of the export on the clinic's clock. */
export const leadsExportFilename = (now: Date, extension: "csv" | "xlsx") => `leads-${clinicIsoDateTime(now.toISOString()).slice(0, 10)}.${extension}`;

/**
 * What both export routes answer from: the inbox's filters read from the address as the inbox
 * reads them, every matching lead up to the API's EXPORT_LIMIT (newest first), in the staff
 * member's language.
 */
export async function readLeadExport(request: Request, context: AppLoadContext, page: "leads-export" | "leads-export-xlsx") {
  const staff = requirePage(request, context, page);
  const { filters } = readLeadFilters(new URL(request.url).searchParams);
  const list = await staffCall(context, () => context.staffApi.as(staff.token).get("leadsExport", { query: filters }));
  const leads = list.result.data;
  const lang = staffLanguage(request);
  const readVersion = versionReader(context);
  const built = leads.filter((lead) => lead.kind === "builtForm");
  const [t, names, shown] = await Promise.all([
    i18next.getFixedT(lang, "admin"),
    exportNames(context, lang, leads),
    Promise.all(built.map((lead) => builtFormAnswers(context, lead.fields, lang, readVersion))),
  ]);
  const answers = new Map(built.map((lead, i) => [lead.id, shown[i].map((field) => `${field.text ?? field.key}: ${field.value}`).join("\n")]));
  return { table: leadExportTable(leads, names, t, lang, answers), sheetName: t("menu.leads") };
}
