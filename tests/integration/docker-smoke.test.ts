import { spawnSync } from "node:child_process";
import { expect, test } from "vitest";

// scripts/docker-smoke proves the Dockerfile without a Docker engine; CI runs it through this test.
test("the Docker image refuses to start without API_URL, and with it its CMD runs as a non-root user from what the Dockerfile copies, passes its HEALTHCHECK and stops cleanly", () => {
  const run = spawnSync("bash", ["scripts/docker-smoke"], { encoding: "utf8", timeout: 590_000 });
  const output = `${run.stdout}\n${run.stderr}`;
  expect(run.status, output).toBe(0);
  expect(output).toContain("docker-smoke: without API_URL the image refuses to start, also with EMBEDDED_BACKEND=1 (one line, exit 1)");
  expect(output).toMatch(/docker-smoke: passed \(CMD 'node build\/server\.js' ran as uid [1-9]\d*, HEALTHCHECK passed/);
}, 600_000);
