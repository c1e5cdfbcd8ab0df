/**
 * Every upload a lead refers to: a job application's photo, or a built form's stored before forms
 * took files per field (`imageId`, no field); a built form's files by field key (`files`, ADR 065).
 * Erasure, the patient's export, the lead page and the orphan sweep all read them here.
 */
export function uploadsOf(payload: { imageId?: unknown; files?: unknown }): { field: string | null; id: string }[] {
  const found: { field: string | null; id: string }[] = [];
  if (typeof payload.imageId === "string") found.push({ field: null, id: payload.imageId });
  if (payload.files && typeof payload.files === "object") {
    for (const [field, id] of Object.entries(payload.files)) if (typeof id === "string") found.push({ field, id });
  }
  return found;
}
