import { execFileSync } from "node:child_process";

export interface StoredLead {
  id: number;
  kind: string;
  payload: Record<string, unknown>;
  /** The photo stored under the lead's imageId (type, size, SHA-256), when it has one. */
  image?: { contentType: string; size: number; sha256: string } | null;
}

/** The leads an embedded backend with this data folder stored, as `npm run leads` prints them. */
export function storedLeads(dataDir: string): StoredLead[] {
  const out = execFileSync(process.execPath, ["backend/build/leads.js"], {
    env: { PATH: process.env.PATH, NODE_ENV: "production", DATA_DIR: dataDir },
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
  });
  return out
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line));
}
