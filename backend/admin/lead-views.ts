import { LEAD_STAGES, type LeadQuery } from "../../app/lib/platform/api/admin-contract";

/** Statuses a lead is done with: an overdue follow-up is one still worth making. */
export const CLOSED = ["booked", "treated", "lost", "spam"];

/** The WHERE condition of an inbox view; `callerId` is whose "mine" is, `today` the day a follow-up before is past. */
export function viewCondition(view: LeadQuery["view"], callerId: number, today: string): { sql: string; params: unknown[] } | null {
  switch (view) {
    case "mine":
      return { sql: "l.assignee_id = ?", params: [callerId] };
    case "unassigned":
      return { sql: "l.assignee_id IS NULL", params: [] };
    case "overdue":
      return { sql: `l.follow_up_on < ? AND l.status NOT IN (${CLOSED.map(() => "?").join(", ")})`, params: [today, ...CLOSED] };
    default:
      return null;
  }
}

// The pipeline's order as SQL: a CASE over the stages, spam after them.
const stageOrder = `CASE l.status ${LEAD_STAGES.map((stage, i) => `WHEN '${stage}' THEN ${i}`).join(" ")} ELSE ${LEAD_STAGES.length} END`;

/** ORDER BY for a sort; leads without the value sorted by come last, and newest first among equals. */
export function leadOrder(sort: LeadQuery["sort"]): string {
  const newest = "l.received_at DESC, l.id DESC";
  switch (sort) {
    case "followUp":
      return `ORDER BY l.follow_up_on IS NULL, l.follow_up_on, ${newest}`;
    case "stage":
      return `ORDER BY ${stageOrder}, ${newest}`;
    case "value":
      return `ORDER BY l.offer_value IS NULL, l.offer_value DESC, ${newest}`;
    default:
      return `ORDER BY ${newest}`;
  }
}
