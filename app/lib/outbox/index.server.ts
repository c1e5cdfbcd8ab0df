import { config } from "~/config.server";
import { getApi } from "~/lib/api/api.server";
import { observeOutbox } from "~/lib/metrics.server";
import { createOutbox, type Outbox } from "~/lib/outbox/outbox.server";

declare global {
  // One outbox per process, also when `remix dev` re-imports the build.
  var __outbox: Outbox | undefined;
}

export function getOutbox(): Outbox {
  if (!globalThis.__outbox) {
    const outbox = createOutbox({ dataDir: config.DATA_DIR, api: getApi() });
    observeOutbox(() => outbox.stats());
    globalThis.__outbox = outbox;
  }
  return globalThis.__outbox;
}

/** Resumes delivery of leads a previous process stored but did not deliver. */
export function startOutbox() {
  if (config.api) getOutbox().start();
}

/** Shutdown: lets a delivery in progress finish, then closes the database cleanly. */
export async function stopOutbox() {
  const outbox = globalThis.__outbox;
  globalThis.__outbox = undefined;
  await outbox?.stop();
}
