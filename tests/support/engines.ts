import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { chmodSync, chownSync, existsSync, readdirSync, rmSync } from "node:fs";
import { createConnection } from "node:net";
import { join } from "node:path";
import pg from "pg";
import { freePort, tempDir } from "./processes";

/*
 * PostgreSQL and Redis from Debian's packages (scripts/test-all installs them when missing), run
 * on loopback ports in temporary folders for the tests that need the real engines, and stopped
 * after. No Docker, and nothing stands in for either engine.
 */

/** The newest installed PostgreSQL's programs (postgresql-NN puts them outside PATH). */
function postgresBin(): string {
  const root = "/usr/lib/postgresql";
  const versions = existsSync(root) ? readdirSync(root).filter((v) => existsSync(join(root, v, "bin", "initdb"))) : [];
  if (!versions.length) throw new Error("PostgreSQL is not installed: scripts/test-all installs Debian's postgresql");
  return join(root, versions.sort((a, b) => Number(b) - Number(a))[0], "bin");
}

const isRoot = () => process.getuid?.() === 0;

/** PostgreSQL refuses to run as root: as root, its programs run as the postgres user, in folders it owns. */
function asPostgres(program: string, args: string[]) {
  const command = join(postgresBin(), program);
  if (!isRoot()) return execFileSync(command, args, { stdio: "pipe" });
  const quoted = [command, ...args].map((a) => `'${a.replace(/'/g, `'\\''`)}'`).join(" ");
  return execFileSync("su", ["postgres", "-s", "/bin/sh", "-c", quoted], { stdio: "pipe" });
}

function ownedByPostgres(dir: string) {
  if (!isRoot()) return;
  const uid = Number(execFileSync("id", ["-u", "postgres"]).toString().trim());
  const gid = Number(execFileSync("id", ["-g", "postgres"]).toString().trim());
  chownSync(dir, uid, gid);
  chmodSync(dir, 0o700);
}

async function listening(port: number, ms = 15_000) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = createConnection({ host: "127.0.0.1", port }, () => (socket.destroy(), resolve(true)));
      socket.on("error", () => resolve(false));
    });
    if (open) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`nothing listens on 127.0.0.1:${port}`);
}

export interface Postgres {
  port: number;
  /** A URL for a database of its own (made now), so tests sharing the server do not share tables. */
  database(name: string): Promise<string>;
  url: (database: string) => string;
  stop(): Promise<void>;
  /** Starts it again on the same port with the same data (an outage that ends). */
  start(): Promise<void>;
  /** Removes the server and its folder. */
  destroy(): Promise<void>;
}

/** A PostgreSQL server of its own on 127.0.0.1 (trust authentication: only this machine reaches it). */
export async function startPostgres(): Promise<Postgres> {
  const dir = tempDir("remed-pg-");
  ownedByPostgres(dir);
  const data = join(dir, "data");
  const port = await freePort();
  asPostgres("initdb", ["-D", data, "-A", "trust", "-U", "postgres", "--no-sync", "-E", "UTF8"]);
  // fsync off keeps them fast and loses nothing when only the server stops (the machine does not);
  // commits stay synchronous, so an immediate stop (the outage tests) loses no committed row.
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off`;
  const start = async () => {
    asPostgres("pg_ctl", ["-D", data, "-o", options, "-l", join(dir, "log"), "-w", "-t", "30", "start"]);
    await listening(port);
  };
  const stop = async () => {
    asPostgres("pg_ctl", ["-D", data, "-m", "immediate", "-w", "stop"]);
  };
  await start();
  const url = (database: string) => `postgres://postgres@127.0.0.1:${port}/${database}`;
  return {
    port,
    url,
    async database(name) {
      const client = new pg.Client({ connectionString: url("postgres") });
      await client.connect();
      try {
        await client.query(`CREATE DATABASE "${name.replace(/"/g, "")}"`);
      } finally {
        await client.end();
      }
      return url(name);
    },
    stop,
    start,
    async destroy() {
      await stop().catch(() => undefined);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export interface RedisServer {
  port: number;
  url: string;
  stop(): Promise<void>;
  start(): Promise<void>;
}

/** A Redis server of its own on 127.0.0.1, keeping nothing on disk; with a password when given one. */
export async function startRedis({ password }: { password?: string } = {}): Promise<RedisServer> {
  const chosen = await freePort();
  let child: ChildProcess | null = null;
  const auth = password ? ["--requirepass", password] : [];
  const start = async () => {
    child = spawn("redis-server", ["--port", String(chosen), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no", ...auth], { stdio: "ignore" });
    await listening(chosen);
  };
  const stop = () =>
    new Promise<void>((resolve) => {
      const running = child;
      child = null;
      if (!running || running.exitCode !== null) return resolve();
      running.once("exit", () => resolve());
      running.kill("SIGKILL");
    });
  await start();
  return { port: chosen, url: `redis://${password ? `:${password}@` : ""}127.0.0.1:${chosen}`, stop, start };
}
