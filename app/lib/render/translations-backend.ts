import type { BackendModule, ReadCallback } from "i18next";

/**
 * Loads a page's translations in the browser: `/locales/{lng}/{ns}.json?v={build}`, one fetch per
 * namespace. It replaces i18next-http-backend, whose request layer (XHR and a fetch ponyfill for
 * environments without fetch) was 3.6 KB of gzip on every page for what one fetch does here (#16).
 *
 * Retrying is i18next's own (its `maxRetries` and `retryTimeout` options): a failure that may pass
 * (the network, a 5xx, 408 or 429) is answered with `retry = true`, anything else is final.
 */
export function translationsBackend(version: string): BackendModule {
  return {
    type: "backend",
    init() {},
    read(language: string, namespace: string, callback: ReadCallback) {
      const url = `/locales/${encodeURIComponent(language)}/${encodeURIComponent(namespace)}.json?v=${encodeURIComponent(version)}`;
      fetch(url, { credentials: "same-origin" })
        .then(async (response) => {
          if (!response.ok) {
            const retry = response.status >= 500 || response.status === 408 || response.status === 429;
            return callback(new Error(`${url}: status ${response.status}`), retry);
          }
          callback(null, await response.json());
        })
        .catch((error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), true));
    },
  };
}
