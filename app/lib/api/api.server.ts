import { config } from "~/config.server";
import { createApiClient, type ApiClient } from "~/lib/api/client.server";

let client: ApiClient | null = null;

/** The site's one API client; server.ts has set API_URL (external or embedded) before the app loads. */
export function getApi(): ApiClient {
  if (!config.api) throw new Error("API_URL is not configured: start the site through server.ts");
  client ??= createApiClient(config.api);
  return client;
}
