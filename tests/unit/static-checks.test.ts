import { execFileSync } from "node:child_process";
import { expect, test } from "vitest";

const run = (cmd: string, args: string[]) => {
  try {
    execFileSync(cmd, args, { stdio: "pipe", encoding: "utf8" });
    return "";
  } catch (error) {
    const e = error as { stdout?: string; stderr?: string };
    return `${e.stdout ?? ""}${e.stderr ?? ""}`.trim() || "failed";
  }
};

// Type errors and lint findings fail the suite like any other test.
test("tsc --noEmit passes", () => {
  expect(run("npx", ["tsc", "--noEmit"])).toBe("");
});

test("eslint is clean", () => {
  expect(run("npx", ["eslint", "--max-warnings", "0", "."])).toBe("");
});
