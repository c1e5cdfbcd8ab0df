import { FORMER_STATUSES } from "~/lib/platform/api/admin-contract";

/**
 * The translation key (namespace admin) of a lead status, the one place the back office words
 * statuses: the inbox, the board, the lead, its history, the audit log and the exports. A code from
 * before the pipeline (in_progress, won), still in old audit entries, reads as the stage it became.
 */
export const statusKey = (code: string | null | undefined) => `statuses.${(code && FORMER_STATUSES[code]) ?? code ?? "new"}`;
