import type { BulletinStatus } from "~/lib/platform/api/bulletins-contract";

/** What staff see of an issue: the API's status, and "sent" once a sending issue has no mail left waiting in the outbox. */
export type BulletinState = "draft" | "scheduled" | "sending" | "sent";
export const bulletinState = (status: BulletinStatus, pending: number): BulletinState => (status === "sending" && pending === 0 ? "sent" : status);
