import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";

/**
 * Which files under `dir` (every file, SQLite's -wal, -shm and -journal included, read as bytes)
 * still hold any of `values`, as `file: value` lines. Text is looked for as UTF-8, the way SQLite
 * and JSON store it; pass the stored forms too (a phone in E.164) and a photo's bytes as a Buffer.
 */
export function filesHolding(dir: string, values: (string | Buffer)[]): string[] {
  const found: string[] = [];
  const walk = (folder: string) => {
    for (const name of readdirSync(folder)) {
      const path = join(folder, name);
      if (statSync(path).isDirectory()) {
        walk(path);
        continue;
      }
      const bytes = readFileSync(path);
      for (const value of values) {
        if (bytes.includes(typeof value === "string" ? Buffer.from(value, "utf8") : value)) {
          found.push(`${path.slice(dir.length + 1)}: ${typeof value === "string" ? value : `${value.length} bytes of a file`}`);
        }
      }
    }
  };
  walk(dir);
  return found;
}

/** Values no other test sends: a name, an address, a phone (as typed and in E.164) and a message of this run's own. */
export function uniqueLeadValues(tag: string) {
  const run = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
  // Letters only in the name (the forms refuse digits there), spelt from the run's own characters.
  const letters = run.replace(/\d/g, (d) => "qwxzjkvbyp"[Number(d)]);
  const digits = String(Math.floor(1_000_000 + Math.random() * 8_999_999));
  return {
    name: `Zeynep ${letters.charAt(0).toUpperCase()}${letters.slice(1)}`,
    email: `${tag}-${run}@example.com`,
    phoneTyped: `0532 ${digits.slice(0, 3)} ${digits.slice(3, 5)} ${digits.slice(5)}`,
    phoneStored: `+90532${digits}`,
    message: `Erasure check ${run}: please call me about dental implants.`,
  };
}
