import { execFile } from "node:child_process";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startBackend, type RunningBackend } from "../../backend/index";
import { CLIENT } from "../support/backend";
import { tempDir } from "../support/processes";

// `npm run admin` (build/admin.js, from `npm run build`) against the embedded backend's database
// and against an identity API over HTTP.

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}
function admin(args: string[], env: Record<string, string>, stdin?: string): Promise<Run> {
  return new Promise((resolve) => {
    const child = execFile(
      process.execPath,
      ["build/admin.js", ...args],
      { env: { PATH: process.env.PATH ?? "", NODE_ENV: "production", ...env }, timeout: 20_000, encoding: "utf8" },
      (error, stdout, stderr) => resolve({ code: error ? Number((error as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
    child.stdin!.end(stdin ?? "");
  });
}

async function login(backend: RunningBackend, email: string, password: string) {
  const token = await fetch(`${backend.url}/connect/token`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ grant_type: "client_credentials", client_id: CLIENT.clientId, client_secret: CLIENT.clientSecret }),
  }).then((r) => r.json());
  const res = await fetch(`${backend.url}/api/auth/login`, {
    method: "POST",
    headers: { authorization: `Bearer ${token.access_token}`, "content-type": "application/json" },
    body: JSON.stringify({ email, password }),
  });
  return res.status;
}

describe("on the embedded backend's database (no API_URL)", () => {
  test("creates a user and resets a password; the password never comes from the arguments", async () => {
    const dataDir = tempDir("remed-admin-cli-");
    const created = await admin(["create-user", "--email", "Ayse@Remed.test", "--name", "Ayşe", "--role", "owner", "--language", "tr"], {
      DATA_DIR: dataDir,
      ADMIN_PASSWORD: "first password ok",
    });
    expect(created).toMatchObject({ code: 0, stderr: "" });
    expect(created.stdout).toContain("Created owner ayse@remed.test");
    const reset = await admin(["reset-password", "--email", "ayse@remed.test"], { DATA_DIR: dataDir }, "second password ok\n");
    expect(reset.code).toBe(0);
    const duplicate = await admin(
      ["create-user", "--email", "ayse@remed.test", "--name", "A", "--role", "viewer"],
      { DATA_DIR: dataDir },
      "third password ok\n",
    );
    expect(duplicate).toMatchObject({ code: 1, stderr: "A user with the e-mail ayse@remed.test already exists\n" });
    const inArgs = await admin(["reset-password", "--email", "ayse@remed.test", "in the arguments"], { DATA_DIR: dataDir });
    expect(inArgs.code).toBe(1);
    expect(inArgs.stderr.trim().split("\n")).toHaveLength(1);
    const short = await admin(["reset-password", "--email", "ayse@remed.test"], { DATA_DIR: dataDir }, "short\n");
    expect(short).toMatchObject({ code: 1, stderr: "The password must have 12 to 200 characters\n" });

    const backend = await startBackend({ dataDir, ...CLIENT });
    try {
      expect(await login(backend, "ayse@remed.test", "second password ok")).toBe(200);
      expect(await login(backend, "ayse@remed.test", "first password ok")).toBe(401);
    } finally {
      await backend.close();
    }
  });
});

describe("against an identity API (API_URL)", () => {
  let backend: RunningBackend;
  beforeAll(async () => {
    backend = await startBackend({ dataDir: tempDir("remed-admin-api-"), ...CLIENT });
  });
  afterAll(() => backend.close());

  test("creates a user through ops/users and resets through ops/reset-password", async () => {
    const env = { API_URL: backend.url, CLIENT_ID: CLIENT.clientId, CLIENT_SECRET: CLIENT.clientSecret, DATA_DIR: tempDir("remed-admin-none-") };
    const created = await admin(["create-user", "--email", "ops@remed.test", "--name", "Ops", "--role", "viewer"], env, "remote password 1\n");
    expect(created).toMatchObject({ code: 0, stderr: "" });
    expect(created.stdout).toContain("identity API");
    const reset = await admin(["reset-password", "--email", "ops@remed.test"], { ...env, ADMIN_PASSWORD: "remote password 2" });
    expect(reset.code).toBe(0);
    expect(await login(backend, "ops@remed.test", "remote password 2")).toBe(200);
    const unknown = await admin(["reset-password", "--email", "none@remed.test"], { ...env, ADMIN_PASSWORD: "remote password 2" });
    expect(unknown).toMatchObject({ code: 1, stderr: "No user has the e-mail none@remed.test\n" });
    const wrongSecret = await admin(["reset-password", "--email", "ops@remed.test"], { ...env, CLIENT_SECRET: "wrong", ADMIN_PASSWORD: "remote password 3" });
    expect(wrongSecret).toMatchObject({ code: 1, stderr: "The identity API refused CLIENT_ID/CLIENT_SECRET\n" });
  });
});
