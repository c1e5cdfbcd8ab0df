// `npm run leads`: every lead the embedded backend stored, one JSON object per line.
import { existsSync } from "node:fs";
import { join } from "node:path";
import Database from "better-sqlite3";

const dataDir = process.env.DATA_DIR ?? "data";
const file = join(dataDir, "backend.sqlite");
if (!existsSync(file)) {
  console.error(`No embedded backend data at ${file} (set DATA_DIR)`);
  process.exit(1);
}
const db = new Database(file, { readonly: true, fileMustExist: true });
const rows = db.prepare("SELECT id, kind, received_at, payload FROM leads ORDER BY id").all() as {
  id: number;
  kind: string;
  received_at: string;
  payload: string;
}[];
for (const row of rows) {
  process.stdout.write(`${JSON.stringify({ id: row.id, kind: row.kind, receivedAt: row.received_at, payload: JSON.parse(row.payload) })}\n`);
}
db.close();
