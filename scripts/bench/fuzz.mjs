// The attack run's speed and size figures (issue #11): tests/integration/fuzz-posts.test.ts posts
// 5,000 seeded crafted and valid forms to the production build and writes what it measured here.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

export function fuzzFigures() {
  const dir = mkdtempSync(join(tmpdir(), "remed-bench-fuzz-"));
  const file = join(dir, "summary.json");
  try {
    const run = spawnSync("npx", ["vitest", "run", "tests/integration/fuzz-posts.test.ts"], {
      env: { ...process.env, FUZZ_SUMMARY: file, FUZZ_TOTAL: process.env.FUZZ_TOTAL ?? "5000" },
      stdio: ["ignore", "ignore", "inherit"],
    });
    const summary = JSON.parse(readFileSync(file, "utf8"));
    return { ...summary, testPassed: run.status === 0 };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
