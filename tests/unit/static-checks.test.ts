import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { expect, test } from "vitest";

const execFileAsync = promisify(execFile);

// Asynchronous on purpose: a synchronous child blocks the test worker, which then misses
// vitest's own heartbeats on a busy machine and fails the run with an RPC timeout.
const run = async (cmd: string, args: string[]) => {
  try {
    await execFileAsync(cmd, args, { encoding: "utf8", maxBuffer: 16 * 1024 * 1024 });
    return "";
  } catch (error) {
    const e = error as { stdout?: string; stderr?: string };
    return `${e.stdout ?? ""}${e.stderr ?? ""}`.trim() || "failed";
  }
};

// Type errors and lint findings fail the suite like any other test.
test("tsc --noEmit passes", async () => {
  expect(await run("npx", ["tsc", "--noEmit"])).toBe("");
}, 180_000);

test("eslint is clean", async () => {
  expect(await run("npx", ["eslint", "--max-warnings", "0", "."])).toBe("");
}, 180_000);

// One formatter for every file (.prettierrc.json): a diff shows what changed, not how it was typed.
test("prettier --check is clean", async () => {
  expect(await run("npx", ["prettier", "--check", "--log-level", "warn", "."])).toBe("");
}, 180_000);
