/** Only same-site paths: a form field must never send the visitor to another origin. */
export function safeRedirectPath(value: FormDataEntryValue | null, fallback = "/"): string {
  if (typeof value !== "string" || !value.startsWith("/") || value.startsWith("//") || value.includes("\\")) {
    return fallback;
  }
  return value;
}
