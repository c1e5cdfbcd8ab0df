import { chmodSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import webpush from "web-push";
import { z } from "zod";

/** The VAPID identity web push is sent with: the public key browsers subscribe with, the private key, the contact. */
export interface Vapid {
  publicKey: string;
  privateKey: string;
  subject: string;
}

const KeyFileSchema = z.object({ publicKey: z.string().regex(/^[A-Za-z0-9_-]{87}$/), privateKey: z.string().regex(/^[A-Za-z0-9_-]{43}$/) });

/**
 * The site's VAPID keys (ADR 058): from VAPID_* when they are set (every instance the same: a
 * browser's subscription is bound to the public key it was made with); else, on one instance with
 * its own DATA_DIR, a pair made once and kept there, like the newsletter's link key, so a restart
 * does not orphan every subscribed browser. With an external API the environment check requires
 * VAPID_*: a key each instance made for itself would break the subscriptions the others took.
 */
export function loadVapid(env: { VAPID_PUBLIC_KEY?: string; VAPID_PRIVATE_KEY?: string; VAPID_SUBJECT?: string; DATA_DIR: string }, siteUrl: string): Vapid {
  if (env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY && env.VAPID_SUBJECT) {
    return { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY, subject: env.VAPID_SUBJECT };
  }
  const file = path.join(env.DATA_DIR, "vapid-keys.json");
  // An https SITE_URL is a valid VAPID subject; a local http one is not, and a mailto: at its host stands in.
  const subject = siteUrl.startsWith("https://") ? siteUrl : `mailto:push@${new URL(siteUrl).hostname}`;
  const read = () => KeyFileSchema.parse(JSON.parse(readFileSync(file, "utf8")));
  try {
    return { ...read(), subject };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  mkdirSync(env.DATA_DIR, { recursive: true });
  const made = webpush.generateVAPIDKeys();
  // "wx": another process that made it first wins, and its keys are read back.
  try {
    writeFileSync(file, JSON.stringify(made), { flag: "wx", mode: 0o600 });
    chmodSync(file, 0o600);
    return { ...made, subject };
  } catch {
    return { ...read(), subject };
  }
}
