const BASE = "http://site.invalid";

/**
 * Only same-site paths: a form field must never send the visitor to another origin. Checked by
 * parsing the way a browser will (a tab, a newline or a backslash inside "/\t/evil.example" makes it
 * another host once the browser cleans it up), and anything with control characters is refused
 * outright, so it can never reach a Location header either.
 */
export function safeRedirectPath(value: FormDataEntryValue | null, fallback = "/"): string {
  if (typeof value !== "string" || !value.startsWith("/") || /[\u0000-\u001F\u007F\\]/.test(value)) return fallback;
  let target: URL;
  try {
    target = new URL(value, BASE);
  } catch {
    return fallback;
  }
  // A path that resolves to begin with "//" ("/..//evil.example", "/.//evil.example") would be read
  // by the browser as another host once it is in a Location header.
  if (target.origin !== BASE || target.pathname.startsWith("//")) return fallback;
  // Re-encoded by the URL parser: whatever non-Latin-1 text the path had is percent-encoded now.
  return target.pathname + target.search + target.hash;
}
