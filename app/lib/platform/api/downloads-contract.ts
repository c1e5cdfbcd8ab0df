/**
 * Counted downloads (docs/api-contract.md, "Downloads"; ADR 052): the site tells the API of each
 * download of a document it served, and the back office reads the counts of a period.
 */
import { z } from "zod";
import { itemOf, LanguageCodeSchema } from "./contract";

/** A document's name: the route table's page name (`data-protection-notice`). */
export const DocumentNameSchema = z.string().regex(/^[a-z0-9][a-z0-9-]{0,63}$/);

/** The visitor id of the consent cookie (consent.server.ts), sent only with analytics consent. */
export const VisitorIdSchema = z
  .string()
  .max(40)
  .regex(/^\d+\.\d+$/);

/** POST analytics/downloads (client token): one download, counted on the API's clinic day of its arrival. */
export const DownloadCountSchema = z
  .object({
    document: DocumentNameSchema,
    language: LanguageCodeSchema,
    visitorId: VisitorIdSchema.optional(),
  })
  .strict();
export type DownloadCount = z.infer<typeof DownloadCountSchema>;

export const DownloadCountedSchema = itemOf(z.object({ counted: z.literal(true) }));

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const Counts = { withConsent: z.number().int(), withoutConsent: z.number().int(), visitors: z.number().int() };

/**
 * GET admin/analytics/downloads?from=&to= (read:dashboard): a period's downloads by the clinic's
 * Monday-based week, in all and per document and language. `visitors` counts the distinct visitor
 * ids of downloads made with consent, within each row's week.
 */
export const DownloadFiguresSchema = itemOf(
  z.object({
    from: isoDate,
    to: isoDate,
    withConsent: z.number().int(),
    withoutConsent: z.number().int(),
    weeks: z.array(z.object({ week: isoDate, ...Counts })),
    rows: z.array(z.object({ document: DocumentNameSchema, language: LanguageCodeSchema, week: isoDate, ...Counts })),
  }),
);
export type DownloadFigures = z.infer<typeof DownloadFiguresSchema>["result"];
