import { useEffect } from "react";
import { ERROR_REPORT_PATH } from "~/lib/site/browser-error-path";
import { scrubStack, scrubText } from "~/lib/site/scrub-error-text";

/*
 * Browser errors reach the back office (/admin/analytics/errors, ADR 051) without consent: a report
 * carries no identifier (no visitor id, no cookie value, no form value), only what went wrong, on
 * which page (its path) and in which build. It is scrubbed here and again on the server.
 */

/** Reports one page load may send: an error in a loop must not flood the site. */
const MAX_REPORTS = 5;

let sent = 0;
const seen = new Set<string>();

export type ErrorSource = "error" | "rejection" | "boundary";

export function reportBrowserError(source: ErrorSource, error: unknown) {
  const thrown = error instanceof Error ? error : null;
  const message = scrubText(String(thrown ? thrown.message : error)).slice(0, 1000);
  const stack = scrubStack(thrown?.stack ?? "").slice(0, 8000);
  if (sent >= MAX_REPORTS || seen.has(message + stack)) return;
  sent++;
  seen.add(message + stack);
  // fetch with keepalive, not sendBeacon: a beacon's JSON blob is refused by Chromium, and a report
  // made as the page unloads still leaves.
  fetch(ERROR_REPORT_PATH, {
    method: "POST",
    keepalive: true,
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      source,
      type: thrown?.name ?? typeof error,
      message,
      stack,
      page: scrubText(location.pathname),
      release: window.__remixManifest.version,
    }),
  }).catch(() => undefined);
}

/** Uncaught errors and rejections of the whole page, from before hydration on. */
export function listenForBrowserErrors() {
  // A cross-origin script's error has no error object ("Script error."): nothing to learn from it.
  addEventListener("error", (event) => event.error != null && reportBrowserError("error", event.error));
  addEventListener("unhandledrejection", (event) => reportBrowserError("rejection", event.reason));
}

/**
 * An error boundary's error, once it is shown. One a loader or action threw on the server arrives
 * sanitised ("Unexpected Server Error", Remix's documented production message) and is in the
 * server's log already: only errors thrown in this browser are reported.
 */
export function useReportedError(error: unknown) {
  useEffect(() => {
    if (error instanceof Error && error.stack && error.message !== "Unexpected Server Error") reportBrowserError("boundary", error);
  }, [error]);
}
