import type { LeadDetail } from "~/lib/platform/api/admin-contract";
import { weekdayName } from "~/lib/site/format";
import { DAYS } from "~/lib/forms/choices";

/**
 * A lead's fields as the detail page lists them: every field the visitor sent, known ones first in
 * a fixed order with a translated label and a readable value (a country's name, a weekday, the
 * treatment's title), then any other key as it came, so nothing the API stores is hidden.
 */
export type FieldShape = "text" | "message" | "email" | "phone" | "url" | "plain" | "photoFile" | "pdfFile";
export interface ShownField {
  key: string;
  /** The label's key under `fields.`, or null for a key the back office does not know (shown raw). */
  label: string | null;
  /** A label that is text already: a built form's field, as its version words it (ADR 065). */
  text?: string;
  /** A file's shapes: the value is where staff open (a photo) or download (a PDF) it. */
  value: string;
  shape: FieldShape;
}

/** Names the API already knows and the page looks up (the city chosen from a list, the treatment). */
export interface LeadRefs {
  city?: string;
  treatment?: string;
  institutionType?: string;
  /** A job applicant's position, named in the staff member's language. */
  position?: string;
}

const KNOWN = [
  "name",
  "contactPerson",
  "organisation",
  "email",
  "phone",
  "countryCode",
  "cityId",
  "cityName",
  "treatmentId",
  "contactChannel",
  "preferredDay",
  "subject",
  "message",
  "position",
  "institutionTypeId",
  "website",
  "source",
  "formType",
  "formTitle",
  "languageCode",
  "privacyConsent",
] as const;
/** What the site adds for the API, not what the visitor typed; the photo is shown as a photo. */
const TECHNICAL = new Set(["projectId", "notificationSourceId", "imageId", "formId", "formVersionId", "answers", "files"]);

const SHAPES: Partial<Record<string, FieldShape>> = {
  email: "email",
  phone: "phone",
  website: "url",
  message: "message",
  countryCode: "plain",
  cityId: "plain",
  treatmentId: "plain",
  institutionTypeId: "plain",
  contactChannel: "plain",
  preferredDay: "plain",
  source: "plain",
  formType: "plain",
  languageCode: "plain",
  privacyConsent: "plain",
};

type T = (key: string, options?: Record<string, unknown>) => string;
type Value = LeadDetail["fields"][string];

const withId = (name: string | undefined, id: Value) => (name ? `${name} (${id})` : String(id));

export function countryName(code: string, lang: string): string {
  try {
    return new Intl.DisplayNames([lang], { type: "region" }).of(code) ?? code;
  } catch {
    return code;
  }
}

function shownValue(key: string, value: Value, t: T, lang: string, refs: LeadRefs): string {
  if (value === null || value === "") return "—";
  if (typeof value === "boolean") return t(value ? "leads.yes" : "leads.no");
  const text = String(value);
  switch (key) {
    case "countryCode":
      return `${countryName(text, lang)} (${text})`;
    case "cityId":
      return withId(refs.city, value);
    case "treatmentId":
      return withId(refs.treatment, value);
    case "institutionTypeId":
      return withId(refs.institutionType, value);
    case "contactChannel":
      return t(`leads.contactChannels.${text}`, { defaultValue: text });
    case "preferredDay": {
      const index = DAYS.findIndex((d) => d.name === text);
      return index < 0 ? text : weekdayName(lang, index);
    }
    case "source":
      return t(`leads.sources.${text}`, { defaultValue: text });
    case "formType":
      return t(`kinds.${text}`, { defaultValue: text });
    case "languageCode":
      return t(`siteLanguages.${text}`, { defaultValue: text });
    case "position":
      return refs.position ?? text;
    default:
      return text;
  }
}

export function shownFields(fields: LeadDetail["fields"], t: T, lang: string, refs: LeadRefs = {}): ShownField[] {
  const known = new Set<string>(KNOWN);
  const keys = [...KNOWN.filter((key) => key in fields), ...Object.keys(fields).filter((key) => !known.has(key) && !TECHNICAL.has(key))];
  return keys.map((key) => ({
    key,
    label: known.has(key) ? key : null,
    value: shownValue(key, fields[key], t, lang, refs),
    shape: SHAPES[key] ?? "text",
  }));
}
