import express from "express";
import { SettingsSchema, type Settings } from "../../app/lib/platform/api/admin-contract";
import { builtInSettings } from "../../app/site-config";
import { actorOf, requireStaff } from "../auth/require-staff";
import type { Clock } from "../clock";
import type { Db } from "../db";
import { item, parseOr400 } from "../http";
import type { StaffServices } from "../staff-services";

/** The settings a fresh backend starts with: the site's built-in details (app/site-config.ts). */
export const initialSettings = (): Settings => SettingsSchema.parse(builtInSettings());

/** The one settings row, seeded from initialSettings the first time. */
export function createSettingsStore(db: Db, clock: Clock) {
  const read = db.prepare("SELECT doc FROM settings WHERE id = 1").pluck();
  const write = db.prepare(
    "INSERT INTO settings (id, doc, updated_at) VALUES (1, ?, ?) ON CONFLICT(id) DO UPDATE SET doc = excluded.doc, updated_at = excluded.updated_at",
  );
  if (read.get() === undefined) write.run(JSON.stringify(initialSettings()), new Date(clock()).toISOString());
  return {
    get: (): Settings => SettingsSchema.parse(JSON.parse(read.get() as string)),
    put: (settings: Settings) => write.run(JSON.stringify(settings), new Date(clock()).toISOString()),
  };
}
export type SettingsStore = ReturnType<typeof createSettingsStore>;

/** The dotted paths whose values differ: what the audit log says changed. */
function changedPaths(before: unknown, after: unknown, prefix = ""): string[] {
  if (typeof before === "object" && before && typeof after === "object" && after) {
    const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
    return [...keys].flatMap((k) => changedPaths((before as Record<string, unknown>)[k], (after as Record<string, unknown>)[k], prefix ? `${prefix}.${k}` : k));
  }
  return before === after ? [] : [prefix];
}

/** admin/settings: read with read:settings, replaced whole with write:settings. */
export function createSettingsRouter(services: StaffServices, store: SettingsStore, onUnauthorized?: () => void) {
  const router = express.Router();
  router.get("/settings", requireStaff(services, "read:settings", onUnauthorized), (_req, res) => {
    res.json(item(store.get()));
  });
  router.put("/settings", requireStaff(services, "write:settings", onUnauthorized), express.json({ limit: "16kb" }), (req, res) => {
    const settings = parseOr400(SettingsSchema, req.body, res);
    if (!settings) return;
    const changed = changedPaths(store.get(), settings);
    services.db.transaction(() => {
      store.put(settings);
      audit(services, actorOf(res), changed);
    })();
    res.json(item(store.get()));
  });
  return router;
}

const audit = (services: StaffServices, actor: ReturnType<typeof actorOf>, changed: string[]) =>
  services.audit.record({
    actor,
    action: "settings.update",
    target: "settings",
    detail: changed.length ? changed.join(", ") : "no change",
    facts: { fields: changed.slice(0, 50) },
  });
