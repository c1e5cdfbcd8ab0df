import type { AuditFacts } from "../app/lib/platform/api/admin-contract";
import type { Db } from "./db";

/** Who did something: a staff member, or null (an unknown e-mail's failed sign-in, the CLI, start-up). */
export type Actor = { id: number; email: string } | null;

export interface AuditEvent {
  actor: Actor;
  /** sign-in, sign-in-failed, sign-in-refused, sign-in-locked, sign-in-unlocked, sign-out, session.reuse, lead.status, lead.assign, lead.note, lead.delete, lead.export, outbox.send-again, outbox.discard, user.create, user.update, user.password, settings.update, content.*, image.upload */
  action: string;
  /** What it was done to: `lead:12`, `user:3`, `settings`, `image:{id}`, `outbox:{id}` (a lead in the site's outbox), `blog:12`. */
  target?: string | null;
  /** A short note in English (`new → won`) for readers of the raw log; never a password, and never a patient's personal data. */
  detail?: string | null;
  /** The same as values (codes, ids, numbers), which the back office words in its reader's language. */
  facts?: AuditFacts;
}

/** What the log's readers filter by: who, what (an action, or a group such as `lead.`), when (ISO instants, `since` included, `before` not). */
export interface AuditFilter {
  actorId?: number;
  action?: string;
  since?: string;
  before?: string;
}

interface AuditRow {
  id: number;
  at: string;
  actor_id: number | null;
  actor_email: string | null;
  actor_name: string | null;
  action: string;
  target: string | null;
  detail: string | null;
  facts: string | null;
}

/** A group (`lead.`, `sign-in`) matches its actions by prefix; LIKE's wildcards in it are taken literally. */
const actionClause = (action: string) =>
  action.endsWith(".") || action === "sign-in"
    ? { sql: "a.action LIKE ? ESCAPE '\\'", param: `${action.replace(/[\\%_]/g, (c) => `\\${c}`)}%` }
    : { sql: "a.action = ?", param: action };

const parseFacts = (text: string | null): AuditFacts | null => {
  if (!text) return null;
  try {
    return JSON.parse(text) as AuditFacts;
  } catch {
    return null;
  }
};

/** The audit log: one row per sign-in, failed or refused sign-in, lock and lift, sign-out and write. Rows are never changed. */
export function createAuditLog(db: Db, clock: () => number = Date.now) {
  const insert = db.prepare("INSERT INTO audit (at, actor_id, actor_email, action, target, detail, facts) VALUES (?, ?, ?, ?, ?, ?, ?)");
  return {
    record(event: AuditEvent) {
      insert.run(
        new Date(clock()).toISOString(),
        event.actor?.id ?? null,
        event.actor?.email ?? null,
        event.action,
        event.target ?? null,
        event.detail ?? null,
        event.facts ? JSON.stringify(event.facts) : null,
      );
    },
    /** Newest first; the actor named as their account is named now. */
    list(pageIndex: number, pageSize: number, filter: AuditFilter = {}) {
      const where: string[] = [];
      const params: unknown[] = [];
      const add = (sql: string, param: unknown) => {
        where.push(sql);
        params.push(param);
      };
      if (filter.actorId !== undefined) add("a.actor_id = ?", filter.actorId);
      if (filter.action) {
        const clause = actionClause(filter.action);
        add(clause.sql, clause.param);
      }
      if (filter.since) add("a.at >= ?", filter.since);
      if (filter.before) add("a.at < ?", filter.before);
      const sql = where.length ? `WHERE ${where.join(" AND ")}` : "";
      const total = db
        .prepare(`SELECT COUNT(*) FROM audit a ${sql}`)
        .pluck()
        .get(...params) as number;
      const rows = db
        .prepare(
          `SELECT a.id, a.at, a.actor_id, a.actor_email, u.name AS actor_name, a.action, a.target, a.detail, a.facts
           FROM audit a LEFT JOIN users u ON u.id = a.actor_id ${sql} ORDER BY a.id DESC LIMIT ? OFFSET ?`,
        )
        .all(...params, pageSize, (pageIndex - 1) * pageSize) as AuditRow[];
      return {
        totalCount: total,
        data: rows.map((r) => ({
          id: r.id,
          at: r.at,
          actor: r.actor_id === null ? null : { id: r.actor_id, email: r.actor_email ?? "", name: r.actor_name },
          action: r.action,
          target: r.target,
          detail: r.detail,
          facts: parseFacts(r.facts),
        })),
      };
    },
  };
}
export type AuditLog = ReturnType<typeof createAuditLog>;
