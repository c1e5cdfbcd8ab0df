import { z } from "zod";
import { itemOf } from "./contract";

/*
 * Browser errors (ADR 051): what the site sends the API for each report (POST analytics/errors, client
 * token) and what the back office reads back (GET admin/analytics/errors, read:dashboard). The site
 * scrubs, resolves and fingerprints a report before it leaves; the API stores groups, daily counts and
 * a few sample stacks, and never an address, a cookie or a query string.
 */

/** A build: the Remix manifest's version, the same on every instance of one build. */
export const RELEASE = /^[0-9a-f]{8}$/;
const release = z.string().regex(RELEASE);
/** A group's key: hex of a SHA-256 over type, normalised message and top frame (browser-errors.server.ts). */
export const FINGERPRINT = /^[0-9a-f]{32}$/;
const isoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** One line of a stack: resolved to the app's source through the build's source maps, or the bundle's own place. */
export const ErrorFrameSchema = z.object({
  fn: z.string().max(200),
  file: z.string().max(300),
  line: z.number().int().min(0).max(100_000_000),
  column: z.number().int().min(0).max(100_000_000),
  resolved: z.boolean(),
});
export type ErrorFrame = z.infer<typeof ErrorFrameSchema>;

export const ERROR_SOURCES = ["error", "rejection", "boundary"] as const;

/** POST analytics/errors: one report. */
export const BrowserErrorReportSchema = z.object({
  fingerprint: z.string().regex(FINGERPRINT),
  source: z.enum(ERROR_SOURCES),
  type: z.string().min(1).max(100),
  message: z.string().max(1000),
  topFrame: z.string().max(600),
  frames: z.array(ErrorFrameSchema).max(40),
  release,
  /** Family and major version ("Chrome 131"), from the User-Agent on the site; the header itself is not sent. */
  browser: z.string().max(60),
  /** The page's path when it is one of the site's, "" for any other. */
  page: z.string().max(300),
});
export type BrowserErrorReport = z.infer<typeof BrowserErrorReportSchema>;

/** GET admin/analytics/errors?from=&to= (clinic days, at most a year). */
export const BrowserErrorsQuerySchema = z.object({ from: isoDay, to: isoDay });

const Tally = z.object({ key: z.string(), count: z.number().int() });

export const BrowserErrorGroupSchema = z.object({
  fingerprint: z.string().regex(FINGERPRINT),
  type: z.string(),
  message: z.string(),
  topFrame: z.string(),
  /** Reports in the period; `total` since the group was first seen (within retention). */
  count: z.number().int(),
  total: z.number().int(),
  firstSeen: z.string(),
  lastSeen: z.string(),
  /** Since when, by whom, and the newest release that had reported it then. */
  resolved: z.object({ at: z.string(), release: z.string(), by: z.string().nullable() }).nullable(),
  browsers: z.array(Tally),
  pages: z.array(Tally),
  releases: z.array(Tally),
  /** The newest of the few stacks kept for the group. */
  sample: z.object({ at: z.string(), release: z.string(), browser: z.string(), page: z.string(), frames: z.array(ErrorFrameSchema) }).nullable(),
});
export type BrowserErrorGroup = z.infer<typeof BrowserErrorGroupSchema>;

export const BrowserErrorsSchema = itemOf(
  z.object({
    groups: z.array(BrowserErrorGroupSchema),
    /** Reports per clinic day of the period, every day listed. */
    days: z.array(z.object({ day: z.string(), count: z.number().int() })),
    retentionDays: z.number().int(),
  }),
);
export type BrowserErrors = z.infer<typeof BrowserErrorsSchema>["result"];

/**
 * POST admin/analytics/errors/:fingerprint/resolution (read:dashboard): resolved, or open again. A
 * resolved group opens again by itself when it is reported from a release newer than the newest it
 * had been reported from when it was resolved.
 */
export const BrowserErrorResolutionSchema = z.object({ resolved: z.boolean() });
