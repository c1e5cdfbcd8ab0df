import { AlertModeSchema, type AlertMode } from "../../app/lib/platform/api/mail-contract";
import type { Db } from "../db";

const MODE = "alerts.mode";
const TURN = "alerts.turn";

/** The owner's choice of who is told of a new lead, and whose turn was last: in the API, so every site instance shares them. */
export function createAlertState(db: Db) {
  const read = db.prepare("SELECT value FROM meta WHERE key = ?").pluck();
  const write = db.prepare("INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value");
  return {
    mode: (): AlertMode => AlertModeSchema.catch("all").parse(read.get(MODE)),
    setMode: (mode: AlertMode) => write.run(MODE, mode),
    /** The user id told last when taking turns, or 0. */
    lastTurn: () => Number(read.get(TURN) ?? 0),
    setLastTurn: (userId: number) => write.run(TURN, String(userId)),
  };
}
export type AlertState = ReturnType<typeof createAlertState>;
