/** A connection URL as a log line may show it: the password, and a user name's secret part, left out. */
export function redactUrl(value: string): string {
  try {
    const url = new URL(value);
    if (url.password) url.password = "***";
    for (const key of [...url.searchParams.keys()]) if (/pass|secret|key/i.test(key)) url.searchParams.set(key, "***");
    return url.toString();
  } catch {
    return "(not a URL)";
  }
}
