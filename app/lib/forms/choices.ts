/*
 * The forms' fixed choices and limits, apart from their zod schemas (schemas.ts): a form page renders
 * with these, and loads the schemas only once it is usable (form-checks.ts).
 */

/**
 * The days a visitor can ask to be called on. The form marks Istanbul's weekend (Saturday and
 * Sunday): a visitor from a country whose weekend is Friday and Saturday sees which days are off.
 */
export const DAYS = [
  { name: "monday", isWeekend: false },
  { name: "tuesday", isWeekend: false },
  { name: "wednesday", isWeekend: false },
  { name: "thursday", isWeekend: false },
  { name: "friday", isWeekend: false },
  { name: "saturday", isWeekend: true },
  { name: "sunday", isWeekend: true },
] as const;

export const CONTACT_CHANNELS = ["whatsapp", "phone", "email"] as const;
export const DEFAULT_COUNTRY = "TR";

/** The country a page's form starts at, for residence and dial code (route-table.json's `formCountry`). */
export const startCountry = (page: { formCountry?: string }) => page.formCountry ?? DEFAULT_COUNTRY;

export const PHOTO_MIME_TYPES = ["image/jpeg", "image/png", "image/webp"] as const;
export type PhotoMimeType = (typeof PHOTO_MIME_TYPES)[number];
export const MAX_PHOTO_BYTES = 5 * 1024 * 1024;
/** A built form's PDF (ADR 065): typed by its bytes as a whole PDF, capped as a photo is (MAX_PHOTO_BYTES). */
export const PDF_MIME_TYPE = "application/pdf";

/**
 * The roles the career page names, plus interpreters (every patient needs one) and an open
 * application. A fixed list, not free text, so the recruiter can sort applications by role; the
 * cover note says the rest.
 */
export const POSITIONS = ["patientCoordinator", "medicalInterpreter", "partnerSales", "marketing", "medicalSecretary", "openApplication"] as const;
