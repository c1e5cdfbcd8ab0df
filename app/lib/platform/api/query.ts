type Query = Record<string, string | number | boolean | null | undefined>;

/** Empty values are left out of the query string, as the API contract asks (docs/api-contract.md). */
export function buildQuery(query: Query = {}): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === "") continue;
    params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : "";
}
