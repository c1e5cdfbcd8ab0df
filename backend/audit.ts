import type { Db } from "./db";

/** Who did something: a staff member, or null (an unknown e-mail's failed sign-in, the CLI, start-up). */
export type Actor = { id: number; email: string } | null;

export interface AuditEvent {
  actor: Actor;
  /** sign-in, sign-in-failed, sign-in-refused, sign-in-locked, sign-in-unlocked, sign-out, session.reuse, lead.status, lead.assign, lead.note, lead.delete, lead.export, outbox.send-again, outbox.discard, user.create, user.update, user.password, settings.update, image.upload */
  action: string;
  /** What it was done to: `lead:12`, `user:3`, `settings`, `image:{id}`, `outbox:{id}` (a lead in the site's outbox). */
  target?: string | null;
  /** A short note (`new → won`); never a password, and never a patient's personal data. */
  detail?: string | null;
}

/** The audit log: one row per sign-in, failed or refused sign-in, lock and lift, sign-out and write. Rows are never changed. */
export function createAuditLog(db: Db, clock: () => number = Date.now) {
  const insert = db.prepare("INSERT INTO audit (at, actor_id, actor_email, action, target, detail) VALUES (?, ?, ?, ?, ?, ?)");
  const count = db.prepare("SELECT COUNT(*) FROM audit").pluck();
  const page = db.prepare("SELECT id, at, actor_id, actor_email, action, target, detail FROM audit ORDER BY id DESC LIMIT ? OFFSET ?");
  return {
    record(event: AuditEvent) {
      insert.run(
        new Date(clock()).toISOString(),
        event.actor?.id ?? null,
        event.actor?.email ?? null,
        event.action,
        event.target ?? null,
        event.detail ?? null,
      );
    },
    /** Newest first. */
    list(pageIndex: number, pageSize: number) {
      const rows = page.all(pageSize, (pageIndex - 1) * pageSize) as {
        id: number;
        at: string;
        actor_id: number | null;
        actor_email: string | null;
        action: string;
        target: string | null;
        detail: string | null;
      }[];
      return {
        totalCount: count.get() as number,
        data: rows.map((r) => ({
          id: r.id,
          at: r.at,
          actor: r.actor_id === null ? null : { id: r.actor_id, email: r.actor_email ?? "" },
          action: r.action,
          target: r.target,
          detail: r.detail,
        })),
      };
    },
  };
}
export type AuditLog = ReturnType<typeof createAuditLog>;
