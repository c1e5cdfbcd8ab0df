import type { ApiClient } from "~/lib/platform/api/client.server";
import { DownloadCountedSchema, type DownloadCount } from "~/lib/platform/api/downloads-contract";
import { requestContext, type Logger } from "~/lib/platform/logger.server";

export interface DownloadCounter {
  /**
   * Tells the API of one download (POST analytics/downloads) and returns at once: the file never
   * waits for the count, and a count the API does not take is logged and lost (ADR 052).
   */
  count(download: DownloadCount): void;
}

export function createDownloadCounter({ api, logger }: { api: Pick<ApiClient, "postJson">; logger: Logger }): DownloadCounter {
  return {
    count(download) {
      const requestId = requestContext.getStore()?.requestId ?? "download";
      // Background work: the call gets the whole API timeout of its own, not what is left of the page's.
      void requestContext.run({ requestId, background: true }, async () => {
        try {
          await api.postJson("analytics/downloads", download, DownloadCountedSchema);
        } catch (error) {
          logger.warn({ document: download.document, language: download.language, err: (error as Error).message }, "downloads: a download was not counted");
        }
      });
    },
  };
}
