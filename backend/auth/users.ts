import { z } from "zod";
import {
  EmailSchema,
  PasswordSchema,
  permissionsOf,
  ROLE_PERMISSIONS,
  UserCreateSchema,
  UserUpdateSchema,
  type Permission,
  type Role,
  type StaffLanguage,
  type StaffUser,
} from "../../app/lib/platform/api/admin-contract";
import type { Actor, AuditLog } from "../audit";
import type { Clock } from "../clock";
import type { Db } from "../db";
import { hashPassword } from "./passwords";
import type { StaffCaller } from "./require-staff";
import { revokeUserSessions } from "./sessions";
import { forgetSignInFailures } from "./throttle";

export type UserCreate = z.infer<typeof UserCreateSchema>;
export type UserUpdate = z.infer<typeof UserUpdateSchema>;
export const PasswordResetSchema = z.object({ email: EmailSchema, password: PasswordSchema });

export interface UserRow {
  id: number;
  email: string;
  name: string;
  language: StaffLanguage;
  role: Role;
  /** 1: the notification-admin grant (ADR 058). */
  notification_admin: number;
  disabled: number;
  password_hash: string;
}

/** A refusal the caller turns into a 4xx: the code is the answer's message. */
export class UserError extends Error {
  constructor(public code: "email_taken" | "last_owner" | "not_found" | "handover_invalid") {
    super(code);
    this.name = "UserError";
  }
}

/** A stored user as the site and the signed-in caller see them: the grant's 0/1 as a boolean, never the password's hash. */
export const toStaffCaller = (row: Omit<UserRow, "disabled" | "password_hash">): StaffCaller => ({
  id: row.id,
  email: row.email,
  name: row.name,
  language: row.language,
  role: row.role,
  notificationAdmin: row.notification_admin === 1,
});

export const toStaffUser = (row: UserRow): StaffUser => ({ ...toStaffCaller(row), disabled: row.disabled === 1 });

/** What a stored user may do: their role's permissions and their grants' (ADR 058). */
export const permissionsOfRow = (row: Pick<UserRow, "role" | "notification_admin">) =>
  permissionsOf({ role: row.role, notificationAdmin: row.notification_admin === 1 });

export const can = (role: Role, permission: Permission) => ROLE_PERMISSIONS[role].includes(permission);

/** The roles holding a permission, for SQL `role IN (…)`. */
export const rolesWith = (permission: Permission) => (Object.keys(ROLE_PERMISSIONS) as Role[]).filter((r) => can(r, permission));

/**
 * Staff users. Every change is audited; a changed password or a disabled user ends all of that
 * user's sessions; the last enabled owner can be neither demoted nor disabled.
 */
export function createUserStore(db: Db, audit: AuditLog, clock: Clock) {
  const COLUMNS = "id, email, name, language, role, notification_admin, disabled, password_hash";
  const byEmail = db.prepare(`SELECT ${COLUMNS} FROM users WHERE email = ?`);
  const byId = db.prepare(`SELECT ${COLUMNS} FROM users WHERE id = ?`);
  const all = db.prepare(`SELECT ${COLUMNS} FROM users ORDER BY id`);
  const insert = db.prepare(
    "INSERT INTO users (email, name, language, role, notification_admin, disabled, password_hash, created_at) VALUES (?, ?, ?, ?, ?, 0, ?, ?)",
  );
  const otherEnabledOwners = db.prepare("SELECT COUNT(*) FROM users WHERE role = 'owner' AND disabled = 0 AND id <> ?").pluck();
  const setPassword = db.prepare("UPDATE users SET password_hash = ? WHERE id = ?");
  const count = db.prepare("SELECT COUNT(*) FROM users").pluck();
  const moveLeads = db.prepare("UPDATE leads SET assignee_id = ? WHERE assignee_id = ?");

  /** Forgets a user's failed sign-ins, in the audit log when there were any (or always, when asked for by someone). */
  function forgetFailuresOf(
    user: UserRow,
    actor: Actor,
    reason: keyof typeof UNLOCK_REASONS,
    { via, always = false }: { via?: string; always?: boolean } = {},
  ) {
    const forgotten = forgetSignInFailures(db, user.email);
    if (forgotten.failures === 0 && !always) return;
    const why = withVia(UNLOCK_REASONS[reason], via);
    const detail = `${counted(forgotten.failures, "failed sign-in")} from ${counted(forgotten.addresses, "address", "addresses")} forgotten (${why})`;
    const facts = { failures: forgotten.failures, addresses: forgotten.addresses, reason, via: via ?? null };
    audit.record({ actor, action: "sign-in-unlocked", target: `user:${user.id}`, detail, facts });
  }

  /** A leaver's assigned leads go to a colleague who can work on leads (enabled, not the leaver). */
  function handOver(leaver: UserRow, to: number, actor: Actor) {
    const colleague = store.byId(to);
    if (!colleague || colleague.id === leaver.id || colleague.disabled || !can(colleague.role, "write:lead")) throw new UserError("handover_invalid");
    const moved = moveLeads.run(colleague.id, leaver.id).changes;
    audit.record({
      actor,
      action: "lead.handover",
      target: `user:${leaver.id}`,
      detail: `${counted(moved, "lead")} handed over to ${colleague.email}`,
      facts: { from: leaver.id, to: colleague.id, leads: moved },
    });
  }

  const store = {
    byEmail: (email: string) => byEmail.get(email.trim().toLowerCase()) as UserRow | undefined,
    byId: (id: number) => byId.get(id) as UserRow | undefined,
    list: () => (all.all() as UserRow[]).map(toStaffUser),
    isEmpty: () => count.get() === 0,

    /** `via` says which door it came through when there is no actor (`cli`, `ops API`, `start-up`). */
    async create(input: UserCreate, actor: Actor, via?: string): Promise<StaffUser> {
      const data = UserCreateSchema.parse(input);
      if (store.byEmail(data.email)) throw new UserError("email_taken");
      const hash = await hashPassword(data.password);
      const row = db.transaction(() => {
        // Checked again: another request may have taken the address while the hash was computed.
        if (store.byEmail(data.email)) throw new UserError("email_taken");
        const id = Number(
          insert.run(data.email, data.name, data.language, data.role, data.notificationAdmin ? 1 : 0, hash, new Date(clock()).toISOString()).lastInsertRowid,
        );
        audit.record({
          actor,
          action: "user.create",
          target: `user:${id}`,
          detail: withVia(`${data.email} as ${data.role}`, via),
          facts: { email: data.email, role: data.role, notificationAdmin: data.notificationAdmin ?? false, via: via ?? null },
        });
        return store.byId(id)!;
      })();
      return toStaffUser(row);
    },

    async update(id: number, input: UserUpdate, actor: Actor): Promise<StaffUser> {
      const data = UserUpdateSchema.parse(input);
      if (!store.byId(id)) throw new UserError("not_found");
      const hash = data.password === undefined ? undefined : await hashPassword(data.password);
      const row = db.transaction(() => {
        const before = store.byId(id);
        if (!before) throw new UserError("not_found");
        const role = data.role ?? before.role;
        const disabled = data.disabled ?? before.disabled === 1;
        const wasEnabledOwner = before.role === "owner" && before.disabled === 0;
        if (wasEnabledOwner && (role !== "owner" || disabled) && otherEnabledOwners.get(id) === 0) throw new UserError("last_owner");

        const changes: string[] = [];
        const sets: string[] = [];
        const values: unknown[] = [];
        const facts: Record<string, string[] | boolean> = {};
        const change = (column: string, from: unknown, to: unknown, note: string) => {
          if (from === to) return;
          sets.push(`${column} = ?`);
          values.push(to);
          changes.push(note);
          if (column === "notification_admin") facts.notificationAdmin = to === 1;
          else facts[column] = column === "disabled" ? to === 1 : [String(from), String(to)];
        };
        change("name", before.name, data.name ?? before.name, `name ${before.name} → ${data.name}`);
        change("language", before.language, data.language ?? before.language, `language ${before.language} → ${data.language}`);
        change("role", before.role, role, `role ${before.role} → ${role}`);
        const notificationAdmin = (data.notificationAdmin ?? before.notification_admin === 1) ? 1 : 0;
        change(
          "notification_admin",
          before.notification_admin,
          notificationAdmin,
          notificationAdmin ? "notification admin granted" : "notification admin withdrawn",
        );
        change("disabled", before.disabled, disabled ? 1 : 0, disabled ? "disabled" : "enabled");
        if (sets.length > 0) {
          db.prepare(`UPDATE users SET ${sets.join(", ")} WHERE id = ?`).run(...values, id);
          audit.record({ actor, action: "user.update", target: `user:${id}`, detail: changes.join("; "), facts });
        }
        if (hash !== undefined) {
          setPassword.run(hash, id);
          audit.record({ actor, action: "user.password", target: `user:${id}`, detail: "password changed; sessions ended", facts: { reset: false } });
          forgetFailuresOf(before, actor, "passwordChanged");
        }
        const disabling = disabled && before.disabled === 0;
        if (disabling && data.handOverTo !== undefined) handOver(before, data.handOverTo, actor);
        if (hash !== undefined || disabling) revokeUserSessions(db, id);
        return store.byId(id)!;
      })();
      return toStaffUser(row);
    },

    /** A new password for the user with this e-mail; all of their sessions end. */
    async resetPassword(email: string, password: string, actor: Actor, via?: string): Promise<StaffUser> {
      const data = PasswordResetSchema.parse({ email, password });
      const user = store.byEmail(data.email);
      if (!user) throw new UserError("not_found");
      const hash = await hashPassword(data.password);
      db.transaction(() => {
        setPassword.run(hash, user.id);
        revokeUserSessions(db, user.id);
        audit.record({
          actor,
          action: "user.password",
          target: `user:${user.id}`,
          detail: withVia("password reset; sessions ended", via),
          facts: { reset: true, via: via ?? null },
        });
        forgetFailuresOf(user, actor, "passwordReset", { via });
      })();
      return toStaffUser(store.byId(user.id)!);
    },

    /** An owner lifts a user's sign-in lock: their failed sign-ins are forgotten, from every address. */
    liftSignInLock(id: number, actor: Actor) {
      db.transaction(() => {
        const user = store.byId(id);
        if (!user) throw new UserError("not_found");
        forgetFailuresOf(user, actor, "lockLifted", { always: true });
      })();
    },
  };
  return store;
}
export type UserStore = ReturnType<typeof createUserStore>;

/** Why failed sign-ins were forgotten, in the raw log's words. */
const UNLOCK_REASONS = { passwordChanged: "password changed", passwordReset: "password reset", lockLifted: "lock lifted" } as const;
const withVia = (detail: string, via?: string) => (via ? `${detail} (${via})` : detail);
const counted = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
