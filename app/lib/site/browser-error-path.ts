/** Where pages post their browser error reports (routes/resources/browser-error.ts, ADR 051); its rate limit has a tier of its own. */
export const ERROR_REPORT_PATH = "/analytics/error";
