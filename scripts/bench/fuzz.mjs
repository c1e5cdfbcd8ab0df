// The attack runs' speed and size figures: tests/integration/fuzz-posts.test.ts posts 5,000 seeded
// crafted and valid forms to the production build (issue #11), and tests/integration/hostile-requests.test.ts
// sends every class of hostile body to every route that takes a post, absurd paths and slow senders
// (issue #36). Each test writes what it measured to a file named in its environment; it is read here.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

function testFigures(file, env) {
  const dir = mkdtempSync(join(tmpdir(), "remed-bench-attack-"));
  const summary = join(dir, "summary.json");
  try {
    const run = spawnSync("npx", ["vitest", "run", file], { env: { ...process.env, ...env(summary) }, stdio: ["ignore", "ignore", "inherit"] });
    return { ...JSON.parse(readFileSync(summary, "utf8")), testPassed: run.status === 0 };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export const fuzzFigures = () =>
  testFigures("tests/integration/fuzz-posts.test.ts", (summary) => ({ FUZZ_SUMMARY: summary, FUZZ_TOTAL: process.env.FUZZ_TOTAL ?? "5000" }));

/** Every route, not one per route module as in `npm test`. */
export const hostileFigures = () => testFigures("tests/integration/hostile-requests.test.ts", (summary) => ({ HOSTILE_SUMMARY: summary, HOSTILE_ALL: "1" }));
