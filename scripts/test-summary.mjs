// Totals vitest and Playwright into the one line CI reads last: "N passed, N failed".
import { existsSync, readFileSync } from "node:fs";

const read = (file) => (existsSync(file) ? JSON.parse(readFileSync(file, "utf8")) : null);
let passed = 0;
let failed = 0;

// Two vitest runs: the suite, then the attack run on its own (scripts/test-all).
for (const file of [".test-results/vitest.json", ".test-results/vitest-fuzz.json"]) {
  const vitest = read(file);
  if (!vitest) {
    failed += 1;
    continue;
  }
  passed += vitest.numPassedTests;
  failed += vitest.numFailedTests;
  // A test file that failed to load has no failed tests of its own: count it once.
  failed += vitest.testResults.filter(
    (result) => result.status === "failed" && !result.assertionResults.some((t) => t.status === "failed"),
  ).length;
}

const playwright = read(".test-results/playwright.json");
if (playwright) {
  passed += playwright.stats.expected + playwright.stats.flaky;
  failed += playwright.stats.unexpected;
  // A run that broke before its tests (config, server start) counts as a failure too.
  failed += playwright.errors?.length ?? 0;
} else failed += 1;

console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
