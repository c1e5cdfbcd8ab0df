import { execFileSync, spawn } from "node:child_process";
import { chmodSync, chownSync, copyFileSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { createConnection, createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";

/*
 * PostgreSQL and Redis from Debian's packages (scripts/test-all installs them when missing), run
 * on loopback ports in temporary folders for the tests and `npm run bench`, and stopped after. No
 * Docker, and nothing stands in for either engine. JavaScript, so the bench can use it as it is.
 */

/** @returns {Promise<number>} */
const freePort = () =>
  new Promise((resolve) => {
    const server = createServer().listen(0, "127.0.0.1", () => {
      const { port } = /** @type {import("node:net").AddressInfo} */ (server.address());
      server.close(() => resolve(port));
    });
  });

/** The newest installed PostgreSQL's programs (postgresql-NN puts them outside PATH). */
function postgresBin() {
  const root = "/usr/lib/postgresql";
  const versions = existsSync(root) ? readdirSync(root).filter((v) => existsSync(join(root, v, "bin", "initdb"))) : [];
  if (!versions.length) throw new Error("PostgreSQL is not installed: scripts/test-all installs Debian's postgresql");
  return join(root, versions.sort((a, b) => Number(b) - Number(a))[0], "bin");
}

const isRoot = () => process.getuid?.() === 0;

/** PostgreSQL refuses to run as root: as root, its programs run as the postgres user, in folders it owns. */
/** @param {string} program @param {string[]} args */
function asPostgres(program, args) {
  const command = join(postgresBin(), program);
  if (!isRoot()) return execFileSync(command, args, { stdio: "pipe" });
  const quoted = [command, ...args].map((a) => `'${a.replace(/'/g, `'\\''`)}'`).join(" ");
  return execFileSync("su", ["postgres", "-s", "/bin/sh", "-c", quoted], { stdio: "pipe" });
}

/** @param {string} path */
function ownedByPostgres(path, mode = 0o700) {
  chmodSync(path, mode);
  if (!isRoot()) return;
  const uid = Number(execFileSync("id", ["-u", "postgres"]).toString().trim());
  const gid = Number(execFileSync("id", ["-g", "postgres"]).toString().trim());
  chownSync(path, uid, gid);
}

/**
 * A self-signed certificate for 127.0.0.1 (its own authority), for engines reached over TLS: clients
 * verify it with `ca` (sslrootcert, NODE_EXTRA_CA_CERTS). Made with Debian's openssl.
 * @returns {{ dir: string, cert: string, key: string, ca: string }}
 */
export function selfSignedCertificate() {
  const dir = mkdtempSync(join(tmpdir(), "remed-tls-"));
  const cert = join(dir, "server.crt");
  const key = join(dir, "server.key");
  execFileSync(
    "openssl",
    ["req", "-new", "-x509", "-days", "2", "-nodes", "-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1", "-keyout", key, "-out", cert],
    {
      stdio: "pipe",
    },
  );
  chmodSync(dir, 0o755);
  chmodSync(cert, 0o644);
  chmodSync(key, 0o644);
  return { dir, cert, key, ca: cert };
}

/** @param {number} port */
async function listening(port, ms = 15_000) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    const open = await new Promise((resolve) => {
      const socket = createConnection({ host: "127.0.0.1", port }, () => (socket.destroy(), resolve(true)));
      socket.on("error", () => resolve(false));
    });
    if (open) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`nothing listens on 127.0.0.1:${port}`);
}

/**
 * A PostgreSQL server of its own on 127.0.0.1 (trust authentication: only this machine reaches it).
 * `durable`: fsync as PostgreSQL ships it (the bench compares its writes with SQLite's, which syncs);
 * otherwise fsync is off, which loses nothing when only the server stops (the machine does not).
 * Commits stay synchronous either way, so an immediate stop (the outage tests) loses no committed row.
 * `tls`: a certificate (selfSignedCertificate) it also accepts TLS connections with.
 * @param {{ durable?: boolean, tls?: { cert: string, key: string } }} [options]
 */
export async function startPostgres({ durable = false, tls } = {}) {
  const dir = mkdtempSync(join(tmpdir(), "remed-pg-"));
  ownedByPostgres(dir);
  const data = join(dir, "data");
  const port = await freePort();
  asPostgres("initdb", ["-D", data, "-A", "trust", "-U", "postgres", "--no-sync", "-E", "UTF8"]);
  let ssl = "";
  if (tls) {
    // PostgreSQL wants its key readable by its own user only.
    const key = join(dir, "server.key");
    copyFileSync(tls.key, key);
    ownedByPostgres(key, 0o600);
    ssl = ` -c ssl=on -c ssl_cert_file=${tls.cert} -c ssl_key_file=${key}`;
  }
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1${durable ? "" : " -c fsync=off -c full_page_writes=off"}${ssl}`;
  const start = async () => {
    asPostgres("pg_ctl", ["-D", data, "-o", options, "-l", join(dir, "log"), "-w", "-t", "30", "start"]);
    await listening(port);
  };
  const stop = async () => {
    asPostgres("pg_ctl", ["-D", data, "-m", "immediate", "-w", "stop"]);
  };
  await start();
  /** @param {string} database */
  const url = (database) => `postgres://postgres@127.0.0.1:${port}/${database}`;
  return {
    port,
    url,
    /** A URL for a database of its own (made now), so users of one server do not share tables. @param {string} name */
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
    /** Starts it again on the same port with the same data (an outage that ends). */
    start,
    /** Removes the server and its folder. */
    async destroy() {
      await stop().catch(() => undefined);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * A Redis server of its own on 127.0.0.1, keeping nothing on disk; with a password when given one,
 * and reached only over TLS (`rediss://`) when given a certificate.
 * @param {{ password?: string, tls?: { cert: string, key: string } }} [options]
 */
export async function startRedis({ password, tls } = {}) {
  const chosen = await freePort();
  /** @type {import("node:child_process").ChildProcess | null} */
  let child = null;
  const auth = password ? ["--requirepass", password] : [];
  const listen = tls
    ? ["--port", "0", "--tls-port", String(chosen), "--tls-cert-file", tls.cert, "--tls-key-file", tls.key, "--tls-auth-clients", "no"]
    : ["--port", String(chosen)];
  const start = async () => {
    child = spawn("redis-server", [...listen, "--bind", "127.0.0.1", "--save", "", "--appendonly", "no", ...auth], { stdio: "ignore" });
    await listening(chosen);
  };
  /** @returns {Promise<void>} */
  const stop = () =>
    new Promise((resolve) => {
      const running = child;
      child = null;
      if (!running || running.exitCode !== null) return resolve();
      running.once("exit", () => resolve());
      running.kill("SIGKILL");
    });
  await start();
  return { port: chosen, url: `${tls ? "rediss" : "redis"}://${password ? `:${password}@` : ""}127.0.0.1:${chosen}`, stop, start };
}
