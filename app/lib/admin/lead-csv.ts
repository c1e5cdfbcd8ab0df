import { toCsv, type CsvValue } from "~/lib/admin/csv";
import type { LeadDetail } from "~/lib/platform/api/admin-contract";

/**
 * The inbox's export (/admin/leads/export.csv): one row per lead, always these columns in this
 * order, so a spreadsheet or an import built on the file keeps working whatever kinds a filter
 * leaves in. Values are the stored ones, not translated: kind, status and language are codes
 * (offer, in_progress, ar), country is the ISO 3166 code, receivedAt is ISO 8601 UTC. A column a
 * kind does not have (a partner's position) is empty.
 *
 * - city: the town the visitor typed, else the name of the city they chose, else its id
 * - organisation, website, institutionTypeId: partner registrations
 * - position: job applications
 */
export const LEAD_CSV_COLUMNS = [
  "id",
  "receivedAt",
  "kind",
  "source",
  "status",
  "assignee",
  "language",
  "name",
  "email",
  "phone",
  "country",
  "city",
  "treatmentId",
  "subject",
  "message",
  "organisation",
  "website",
  "institutionTypeId",
  "position",
] as const;

/** The name of a city the visitor chose from the list, when known. */
export type CityName = (countryCode: string, cityId: number) => string | undefined;

function leadRow(lead: LeadDetail, cityName: CityName): CsvValue[] {
  const f = lead.fields;
  const country = typeof f.countryCode === "string" ? f.countryCode : null;
  const chosenCity = typeof f.cityId === "number" && country ? cityName(country, f.cityId) : undefined;
  const values: Record<(typeof LEAD_CSV_COLUMNS)[number], CsvValue> = {
    id: lead.id,
    receivedAt: lead.receivedAt,
    kind: lead.kind,
    source: lead.source,
    status: lead.status,
    assignee: lead.assignee?.name,
    language: lead.language,
    name: lead.name,
    email: lead.email,
    phone: lead.phone,
    country,
    city: f.cityName ?? chosenCity ?? f.cityId,
    treatmentId: f.treatmentId,
    subject: f.subject,
    message: f.message,
    organisation: f.organisation,
    website: f.website,
    institutionTypeId: f.institutionTypeId,
    position: f.position,
  };
  return LEAD_CSV_COLUMNS.map((column) => values[column]);
}

export function leadsCsv(leads: readonly LeadDetail[], cityName: CityName = () => undefined): string {
  return toCsv([LEAD_CSV_COLUMNS, ...leads.map((lead) => leadRow(lead, cityName))]);
}

/** `leads-2026-11-26.csv`: the day of the export (UTC). */
export const leadsCsvFilename = (now: Date) => `leads-${now.toISOString().slice(0, 10)}.csv`;
