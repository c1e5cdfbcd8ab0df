import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { expect, test } from "vitest";

const execFileAsync = promisify(execFile);

// scripts/docker-smoke proves the Dockerfile without a Docker engine; CI runs it through this test.
// Asynchronous on purpose: a synchronous child blocks the test worker for the whole run, which then
// misses vitest's own calls and prints `Timeout calling "onTaskUpdate"` on a busy machine.
test("the Docker image refuses to start without API_URL, and with it its CMD runs as a non-root user from what the Dockerfile copies, passes its HEALTHCHECK and stops cleanly", async () => {
  const run = await execFileAsync("bash", ["scripts/docker-smoke"], { encoding: "utf8", timeout: 590_000, maxBuffer: 16 * 1024 * 1024 }).then(
    ({ stdout, stderr }) => ({ status: 0, output: `${stdout}\n${stderr}` }),
    (error: { code?: number; stdout?: string; stderr?: string }) => ({ status: error.code ?? 1, output: `${error.stdout ?? ""}\n${error.stderr ?? ""}` }),
  );
  expect(run.status, run.output).toBe(0);
  expect(run.output).toContain("docker-smoke: without API_URL the image refuses to start, also with EMBEDDED_BACKEND=1 (one line, exit 1)");
  expect(run.output).toMatch(/docker-smoke: passed \(CMD 'node build\/server\.js' ran as uid [1-9]\d*, HEALTHCHECK passed/);
}, 600_000);
