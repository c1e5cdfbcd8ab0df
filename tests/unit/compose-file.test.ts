import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { parse } from "yaml";
import { serverTimeouts } from "../../app/lib/platform/http/timeouts.server";
import { CLUSTER_VARIABLES } from "../support/cluster";

/*
 * deploy/compose.yaml and deploy/nginx.conf are what ops copy (README, "Running several
 * instances"). No Docker engine runs here, so they are checked as text: the compose file parses and
 * its site services set every variable the cluster test runs two instances with; nginx accepts its
 * configuration (`nginx -t`, from Debian's package).
 */

interface Service {
  build?: unknown;
  image?: string;
  environment?: Record<string, string>;
  volumes?: string[];
}

const compose = parse(readFileSync("deploy/compose.yaml", "utf8"), { merge: true }) as { services: Record<string, Service> };
const sites = Object.entries(compose.services).filter(([, service]) => service.build !== undefined);

describe("deploy/compose.yaml", () => {
  test("two site services built from the Dockerfile set every variable the cluster test sets, with one FORM_SECRET", () => {
    expect(sites.map(([name]) => name)).toEqual(["site-1", "site-2"]);
    for (const [name, service] of sites) {
      const missing = CLUSTER_VARIABLES.filter((variable) => !service.environment?.[variable]);
      expect(missing, name).toEqual([]);
    }
    expect(new Set(sites.map(([, service]) => service.environment!.FORM_SECRET)).size).toBe(1);
  });

  test("the outbox points at its PostgreSQL service, the shared state at its Redis service, and nginx has its config", () => {
    for (const [, service] of sites) {
      expect(new URL(service.environment!.OUTBOX_DATABASE_URL.replace(/\$\{[^}]*\}/g, "secret")).hostname).toBe("postgres");
      expect(new URL(service.environment!.REDIS_URL).hostname).toBe("redis");
    }
    expect(compose.services.postgres.image).toMatch(/^postgres:/);
    expect(compose.services.redis.image).toMatch(/^redis:/);
    expect(compose.services.nginx.volumes).toContain("./nginx.conf:/etc/nginx/nginx.conf:ro");
  });

  test("nginx lets an idle connection to a site go before the site closes it, so no post is sent on one being closed", () => {
    const upstream = /upstream site \{([^}]*)\}/.exec(readFileSync("deploy/nginx.conf", "utf8"))?.[1] ?? "";
    const seconds = Number(/keepalive_timeout (\d+)s;/.exec(upstream)?.[1]);
    expect(seconds * 1000).toBeLessThan(serverTimeouts.keepAliveTimeout);
  });
});

const NGINX = "/usr/sbin/nginx";
// Installed where the tests install it (scripts/test-all); a developer's machine without it still runs the checks above.
describe.runIf(existsSync(NGINX))("deploy/nginx.conf", () => {
  test("nginx -t accepts it, with the compose services' names resolved to this machine", () => {
    const dir = mkdtempSync(join(tmpdir(), "remed-nginx-"));
    try {
      mkdirSync(join(dir, "logs"));
      // A name nginx cannot resolve fails the test run: the services' names stand for this machine here.
      const config = readFileSync("deploy/nginx.conf", "utf8").replace(/server site-\d:/g, "server 127.0.0.1:");
      writeFileSync(join(dir, "nginx.conf"), config);
      const run = () =>
        execFileSync(NGINX, ["-t", "-p", dir, "-c", join(dir, "nginx.conf"), "-g", `pid ${join(dir, "nginx.pid")}; error_log ${join(dir, "error.log")};`], {
          stdio: "pipe",
        });
      expect(run).not.toThrow();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
