import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startBackend, type BackendOptions } from "../../backend/index";
import { createApiClient } from "../../app/lib/api/client.server";

export const CLIENT = { clientId: "test-site", clientSecret: "test-secret-0123456789abcdef" };

/** A real embedded backend on 127.0.0.1 with its own data folder, and a client for it. */
export async function backendWithClient(options: Partial<BackendOptions> = {}, timeoutMs = 3000) {
  const dataDir = mkdtempSync(join(tmpdir(), "remed-backend-"));
  const backend = await startBackend({ dataDir, ...CLIENT, ...options });
  const api = createApiClient({ apiUrl: backend.url, identityUrl: backend.url, ...CLIENT, timeoutMs });
  return {
    backend,
    api,
    dataDir,
    async close() {
      await api.close();
      await backend.close();
    },
  };
}
