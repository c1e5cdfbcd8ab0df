import { request as httpRequest, createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { rmSync } from "node:fs";
import { selfSignedCertificate, startPostgres, startRedis } from "../../scripts/engines.mjs";
import { openLeadForm } from "../../scripts/lead-form.mjs";
import { storedLeads } from "./leads";
import { freePort, startProcess, tempDir, type Proc } from "./processes";
import { signInToSite } from "./site-sign-in";
import { OWNER } from "./staff";

/*
 * Two production instances of the site behind one round-robin proxy, as ops run them (README,
 * "Running several instances"): the same FORM_SECRET, TRUST_PROXY, one PostgreSQL for the outbox,
 * one Redis for what they share, and the provider's API run apart (`npm run backend`, the stand-in).
 */

/**
 * Every variable the cluster sets on each instance. compose.yaml's site services must set each of
 * them too (tests/unit/compose-file.test.ts), so the example ops copy is the setup tested here.
 */
export const CLUSTER_VARIABLES = [
  "NODE_ENV",
  "PORT",
  "SITE_URL",
  "API_URL",
  "CLIENT_ID",
  "CLIENT_SECRET",
  "FORM_SECRET",
  "TRUST_PROXY",
  "OUTBOX_DATABASE_URL",
  "REDIS_URL",
  "REDIS_PREFIX",
  "DATA_DIR",
] as const;

const CLIENT = { id: "cluster-site", secret: `cluster-secret-${Math.random().toString(36).slice(2)}-0123456789` };

export interface ClusterOptions {
  /** RATE_LIMIT_POSTS_PER_MINUTE on each instance. */
  postsPerMinute?: number;
}

/**
 * A proxy that sends each request to the next instance in turn, as a load balancer does, and names
 * the client's address in X-Forwarded-For: the one a test gives in `X-Test-Client`, so posts can
 * come from as many addresses as it needs.
 */
async function roundRobin(targets: () => string[]) {
  let next = 0;
  const server: Server = createServer((req: IncomingMessage, res) => {
    const upstreams = targets();
    const target = new URL(upstreams[next++ % upstreams.length]);
    const client = String(req.headers["x-test-client"] ?? "203.0.113.1");
    const { "x-test-client": _client, ...passed } = req.headers;
    // A connection of its own per request: Node's keep-alive agent could send one on a connection the
    // instance had just closed after its 5 idle seconds, and the test would read the proxy's 502.
    const headers = { ...passed, "x-forwarded-for": client, "x-forwarded-proto": "http", connection: "close" };
    const upstream = httpRequest({ host: target.hostname, port: target.port, method: req.method, path: req.url, headers, agent: false }, (answer) => {
      // Which instance answered, for the figures per instance.
      res.writeHead(answer.statusCode ?? 502, { ...answer.headers, "x-test-upstream": target.port });
      answer.pipe(res);
    });
    upstream.on("error", () => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

type Postgres = Awaited<ReturnType<typeof startPostgres>>;
type RedisServer = Awaited<ReturnType<typeof startRedis>>;

export interface Cluster {
  proxy: string;
  /** The cluster's PostgreSQL database, for checks made beside the instances. */
  database: string;
  instances: Proc[];
  postgres: Postgres;
  redis: RedisServer;
  /** The provider's API (the stand-in, its own process). */
  stopApi(): Promise<void>;
  startApi(): Promise<void>;
  /** The leads the API stored whose e-mail starts with `prefix`. */
  leads(prefix: string): { email: string }[];
  /** The owner's session on one instance, as a browser signs in. */
  signIn(instance: Proc): Promise<{ cookie: string; csrf: string }>;
  close(): Promise<void>;
}

/** Opens each instance's /metrics. */
export const CLUSTER_METRICS_TOKEN = "cluster-metrics-token-0123456789";

/** In both URLs, as ops write them: no log line may show it (cluster.test.ts). */
export const ENGINE_PASSWORD = `engine-pw-${Math.random().toString(36).slice(2)}`;

export async function startCluster({ postsPerMinute = 1000 }: ClusterOptions = {}): Promise<Cluster> {
  // Both engines are reached over TLS, their certificate verified, as with a managed database.
  const tls = selfSignedCertificate();
  const [postgres, redis] = await Promise.all([startPostgres({ tls }), startRedis({ password: ENGINE_PASSWORD, tls })]);
  // The test server trusts loopback, so the password is only carried, as a real one is.
  const database = `${(await postgres.database("cluster")).replace("postgres@", `postgres:${ENGINE_PASSWORD}@`)}?sslmode=verify-full&sslrootcert=${tls.ca}`;
  const apiPort = await freePort();
  const apiData = tempDir("remed-cluster-api-");
  const apiEnv = {
    BACKEND_PORT: String(apiPort),
    BACKEND_CLIENT_ID: CLIENT.id,
    BACKEND_CLIENT_SECRET: CLIENT.secret,
    BACKEND_ADMIN_EMAIL: OWNER.email,
    BACKEND_ADMIN_PASSWORD: OWNER.password,
    DATA_DIR: apiData,
  };
  const apiUrl = `http://127.0.0.1:${apiPort}`;
  const startApi = () => startProcess("backend/build/main.js", apiEnv, `${apiUrl}/connect/token`);
  let api: Proc | null = await startApi();

  const instances: Proc[] = [];
  const proxy = await roundRobin(() => instances.filter((i) => i.alive()).map((i) => i.url));
  const formSecret = `cluster-form-secret-${Math.random().toString(36).slice(2)}-0123456789`;
  const started = await Promise.all(
    [0, 1].map(async () => {
      const port = await freePort();
      const env: Record<(typeof CLUSTER_VARIABLES)[number], string> = {
        NODE_ENV: "production",
        PORT: String(port),
        SITE_URL: proxy.url,
        API_URL: apiUrl,
        CLIENT_ID: CLIENT.id,
        CLIENT_SECRET: CLIENT.secret,
        FORM_SECRET: formSecret,
        TRUST_PROXY: "loopback",
        OUTBOX_DATABASE_URL: database,
        REDIS_URL: redis.url,
        REDIS_PREFIX: "cluster-test:",
        DATA_DIR: tempDir("remed-cluster-site-"),
      };
      return startProcess(
        "build/server.js",
        {
          ...env,
          // Info: the start-up lines that name the engines are checked for passwords.
          LOG_LEVEL: "info",
          API_TIMEOUT_MS: "1500",
          // The visitors here are scripts that send at once: the minimum fill time has its own test.
          FORM_MIN_FILL_SECONDS: "0",
          RATE_LIMIT_POSTS_PER_MINUTE: String(postsPerMinute),
          RATE_LIMIT_PER_MINUTE: "100000",
          // How ops trust a private authority for rediss:// (node-postgres reads sslrootcert from the URL).
          NODE_EXTRA_CA_CERTS: tls.ca,
          METRICS_TOKEN: CLUSTER_METRICS_TOKEN,
        },
        `http://127.0.0.1:${port}/healthz`,
      );
    }),
  );
  instances.push(...started);

  return {
    proxy: proxy.url,
    database,
    instances,
    postgres,
    redis,
    async stopApi() {
      await api?.stop();
      api = null;
    },
    async startApi() {
      api = await startApi();
    },
    leads: (prefix) =>
      storedLeads(apiData)
        .map((lead) => ({ email: String(lead.payload.email ?? "") }))
        .filter((lead) => lead.email.startsWith(prefix)),
    signIn: (instance) => signInToSite(instance.url, OWNER.email, OWNER.password),
    async close() {
      await Promise.all(instances.map((i) => i.stop()));
      await proxy.close();
      await api?.stop();
      await redis.stop();
      await postgres.destroy();
      rmSync(tls.dir, { recursive: true, force: true });
    },
  };
}

/**
 * A visitor's contact form, opened at `site` (the proxy or one instance): its token, cookie and
 * stamp, and `send`, which posts it (to the same place unless told) from the client address given.
 */
export async function openContactForm(site: string) {
  const { cookie, hidden } = await openLeadForm(`${site}/en/contact`);
  return (email: string, { to = site, client, origin = site }: { to?: string; client?: string; origin?: string } = {}) =>
    fetch(`${to}/en/contact`, {
      method: "POST",
      redirect: "manual",
      headers: {
        cookie,
        origin,
        "content-type": "application/x-www-form-urlencoded",
        ...(client ? { "x-test-client": client } : {}),
      },
      body: new URLSearchParams({ ...hidden, name: "Cluster Visitor", email, message: "Please call me about a hair transplant.", privacyConsent: "on" }),
    });
}

export async function eventually(check: () => boolean | Promise<boolean>, timeoutMs: number, everyMs = 250) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, everyMs));
  }
  return check();
}

const decodeEntities = (value: string) =>
  value
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");

/**
 * A back-office form as the signed-in owner's browser has it at `path` on one instance: every text,
 * hidden and text-area value the page holds, and `send`, which posts them (as changed) there.
 */
export async function adminForm(instance: Proc, path: string, cookie: string) {
  const page = await fetch(`${instance.url}${path}`, { headers: { cookie } });
  const html = await page.text();
  const cookies = [cookie, ...page.headers.getSetCookie().map((c) => c.split(";")[0])].join("; ");
  const form = new URLSearchParams();
  for (const [, name, value] of html.matchAll(/<input\b(?=[^>]*\bname="([^"]+)")(?![^>]*type="(?:checkbox|radio|file|submit)")[^>]*\bvalue="([^"]*)"/g)) {
    form.append(name, decodeEntities(value));
  }
  for (const [, name, value] of html.matchAll(/<textarea\b[^>]*\bname="([^"]+)"[^>]*>([^<]*)<\/textarea>/g)) form.set(name, decodeEntities(value));
  const send = () =>
    fetch(`${instance.url}${path}`, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded", cookie: cookies, origin: instance.url },
      body: form,
    });
  return { form, send };
}
