import { config } from "~/config.server";
import { getApi } from "~/lib/api/api.server";
import { createOutbox, type Outbox } from "~/lib/outbox/outbox.server";

declare global {
  // One outbox per process, also when `remix dev` re-imports the build.
  var __outbox: Outbox | undefined;
}

export function getOutbox(): Outbox {
  globalThis.__outbox ??= createOutbox({ dataDir: config.DATA_DIR, api: getApi() });
  return globalThis.__outbox;
}

/** Resumes delivery of leads a previous process stored but did not deliver. */
export function startOutbox() {
  if (config.api) getOutbox().start();
}
