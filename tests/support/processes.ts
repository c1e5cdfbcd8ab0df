import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { productionNodeOptions } from "../../scripts/production-node-options.mjs";

export interface Proc {
  url: string;
  pid: number;
  alive: () => boolean;
  output: () => string;
  stop(): Promise<void>;
  /** Sends a signal and resolves with the exit code once the process has ended. */
  signal(name: NodeJS.Signals): Promise<number | null>;
}

export const tempDir = (prefix: string) => mkdtempSync(join(tmpdir(), prefix));

/**
 * One VAPID pair for every test site that talks to an external API, where the site refuses to start
 * without one (ADR 058); made with `npx web-push generate-vapid-keys`, for tests only.
 */
export const TEST_VAPID = {
  VAPID_PUBLIC_KEY: "BNl0Ct41FItYWo_XemtUDz2nHmEdh9JStdtK5Bbqli2qMzKIufT12gEcS9JInJVoG6cO6BcsF8aLKHdTdiSO_Ac",
  VAPID_PRIVATE_KEY: "FCyodNuCG3bpygBXKMDDGRP4UIYqrAnTs5EWvAXIAXA",
  VAPID_SUBJECT: "mailto:push@remed.test",
};

/** The site runs on the embedded stand-in backend unless a test gives it API_URL, and then with the test VAPID pair. */
const siteDefaults = (env: Record<string, string>): Record<string, string> => ({
  EMBEDDED_BACKEND: "1",
  ...(env.API_URL ? TEST_VAPID : {}),
});

/** Starts a built entry point (build/server.js, backend/build/main.js) and waits until it answers. */
export async function startProcess(script: string, env: Record<string, string>, readyUrl: string): Promise<Proc> {
  // The site runs with the image's V8 flags (its heap ceiling), as in production.
  const nodeArgs = script === "build/server.js" ? productionNodeOptions() : [];
  const child: ChildProcess = spawn(process.execPath, [...nodeArgs, ...(process.env.SERVER_NODE_ARGS?.split(" ") ?? []), script], {
    env: { PATH: process.env.PATH ?? "", NODE_ENV: "production", ...(script === "build/server.js" ? siteDefaults(env) : {}), ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let log = "";
  child.stdout!.on("data", (d) => (log += d));
  child.stderr!.on("data", (d) => (log += d));
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${script} exited ${child.exitCode}: ${log}`);
    try {
      const res = await fetch(readyUrl);
      await res.body?.cancel();
      break;
    } catch {
      await new Promise((r) => setTimeout(r, 150));
    }
  }
  const exited = new Promise<number | null>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve(child.exitCode);
    child.once("exit", (code) => resolve(code));
  });
  return {
    url: new URL(readyUrl).origin,
    pid: child.pid!,
    alive: () => child.exitCode === null && child.signalCode === null,
    output: () => log,
    signal(name) {
      child.kill(name);
      return exited;
    },
    // A process that does not end on SIGTERM within 10 s is killed: a stuck server must not outlive its test.
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        const kill = setTimeout(() => child.kill("SIGKILL"), 10_000);
        child.once("exit", () => {
          clearTimeout(kill);
          resolve();
        });
        child.kill("SIGTERM");
      }),
  };
}

/** A port the OS says is free now (other test runs and helpers may share this machine). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/** A process's resident memory now, in bytes (Linux /proc). */
export function rssOf(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024;
}
