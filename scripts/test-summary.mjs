// Totals vitest and Playwright into the one line CI reads last: "N passed, N failed".
import { existsSync, readFileSync } from "node:fs";
import { relative } from "node:path";

const read = (file) => (existsSync(file) ? JSON.parse(readFileSync(file, "utf8")) : null);
let passed = 0;
let failed = 0;

// Three vitest runs: the checks (beside the build), the suite, then the attack run on its own (scripts/test-all).
const VITEST_RUNS = [".test-results/vitest-checks.json", ".test-results/vitest.json", ".test-results/vitest-fuzz.json"];
// Their exit codes, in the same order, when scripts/test-all gives them.
const exitCodes = process.env.VITEST_EXIT_CODES?.split(" ").map(Number) ?? [];
VITEST_RUNS.forEach((file, i) => {
  const vitest = read(file);
  if (!vitest) {
    failed += 1;
    return;
  }
  passed += vitest.numPassedTests;
  const before = failed;
  failed += vitest.numFailedTests;
  // A test file that failed to load has no failed tests of its own: count it once.
  failed += vitest.testResults.filter((result) => result.status === "failed" && !result.assertionResults.some((t) => t.status === "failed")).length;
  // A run that failed with every test passing had an error outside its tests (vitest prints it as "Unhandled Errors").
  if (failed === before && exitCodes[i] > 0) {
    console.log(`${file}: vitest exited ${exitCodes[i]} with every test passing: an error outside the tests (see "Unhandled Errors" above)`);
    failed += 1;
  }
});

// Two Playwright runs: the suite, then the tests that publish content (scripts/test-all).
const playwrightRuns = [".test-results/playwright.json", ".test-results/playwright-publish.json"].map(read);
for (const playwright of playwrightRuns) {
  if (!playwright) {
    failed += 1;
    continue;
  }
  passed += playwright.stats.expected + playwright.stats.flaky;
  failed += playwright.stats.unexpected;
  // A run that broke before its tests (config, server start) counts as a failure too.
  failed += playwright.errors?.length ?? 0;
}

// The ten slowest files, vitest and Playwright together: where the suite's 15 minutes go.
const seconds = new Map();
const add = (file, ms) => seconds.set(file, (seconds.get(file) ?? 0) + ms / 1000);
for (const file of VITEST_RUNS) {
  for (const result of read(file)?.testResults ?? []) add(relative(process.cwd(), result.name), result.endTime - result.startTime);
}
const walk = (suite) => {
  for (const child of suite.suites ?? []) walk(child);
  for (const spec of suite.specs ?? [])
    for (const test of spec.tests) for (const result of test.results) add(`tests/e2e/${spec.file} (browser time)`, result.duration);
};
for (const playwright of playwrightRuns) for (const suite of playwright?.suites ?? []) walk(suite);
console.log("\nSlowest test files (seconds; a browser file's tests run in parallel workers):");
for (const [file, total] of [...seconds].sort((a, b) => b[1] - a[1]).slice(0, 10)) {
  console.log(`${total.toFixed(1).padStart(8)}  ${file}`);
}
if (process.env.TEST_SECONDS) {
  const total = Number(process.env.TEST_SECONDS);
  console.log(`\nThe whole run took ${Math.floor(total / 60)} min ${total % 60} s (the goal: at most 15 min).`);
}
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
