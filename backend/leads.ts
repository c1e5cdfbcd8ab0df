// `npm run leads`: every lead the embedded backend stored, one JSON object per line.
import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { openSqlite } from "../app/lib/platform/sqlite.server";

const dataDir = process.env.DATA_DIR ?? "data";
const file = join(dataDir, "backend.sqlite");
if (!existsSync(file)) {
  console.error(`No embedded backend data at ${file} (set DATA_DIR)`);
  process.exit(1);
}
const db = openSqlite(file, { readonly: true });
const rows = db.prepare("SELECT id, kind, received_at, payload FROM leads ORDER BY id").all() as {
  id: number;
  kind: string;
  received_at: string;
  payload: string;
}[];
// A job application's photo: what the backend stored under its imageId (type, size, SHA-256).
const findImage = db.prepare("SELECT content_type AS contentType, size, bytes FROM uploads WHERE id = ?");
function imageOf(payload: { imageId?: unknown }) {
  if (typeof payload.imageId !== "string") return undefined;
  const found = findImage.get(payload.imageId) as { contentType: string; size: number; bytes: Buffer } | undefined;
  if (!found) return null;
  return { contentType: found.contentType, size: found.size, sha256: createHash("sha256").update(found.bytes).digest("hex") };
}
for (const row of rows) {
  const payload = JSON.parse(row.payload);
  const image = imageOf(payload);
  process.stdout.write(`${JSON.stringify({ id: row.id, kind: row.kind, receivedAt: row.received_at, payload, ...(image === undefined ? {} : { image }) })}\n`);
}
db.close();
