import { createHash } from "node:crypto";

/**
 * What is kept of an address once its subscription ends (ADR 056): enough to know it again, never to
 * mail it. The API keeps it; the site names its mail with it (mail/message.ts), so both use this one.
 */
export const addressDigest = (email: string) => createHash("sha256").update(`subscription:${email.trim().toLowerCase()}`).digest("hex");
