import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startBackend, type BackendOptions } from "../../backend/index";
import { createApiClient } from "../../app/lib/platform/api/client.server";
import { createContentCache } from "../../app/lib/platform/cache.server";
import { observers } from "./observers";

export const CLIENT = { clientId: "test-site", clientSecret: "test-secret-0123456789abcdef" };

/**
 * A real embedded backend on 127.0.0.1 with its own data folder, a client for it, and a context
 * whose content reads go through that client (what a loader gets from server.ts).
 */
export async function backendWithClient(options: Partial<BackendOptions> = {}, timeoutMs = 3000) {
  const dataDir = mkdtempSync(join(tmpdir(), "remed-backend-"));
  const backend = await startBackend({ dataDir, ...CLIENT, ...options });
  const api = createApiClient({ apiUrl: backend.url, identityUrl: backend.url, ...CLIENT, timeoutMs, ...observers() });
  return {
    backend,
    api,
    context: { content: createContentCache().forRequest(api).content },
    dataDir,
    async close() {
      await api.close();
      await backend.close();
    },
  };
}
