import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { createBackendApp, type BackendStats } from "./app";
import { openDb, type Db } from "./db";
import { seed } from "./seed";
import { createTokenIssuer } from "./token";

export interface BackendOptions {
  dataDir: string;
  clientId: string;
  clientSecret: string;
  tokenTtlSeconds?: number;
  port?: number;
  host?: string;
}

export interface RunningBackend {
  url: string;
  stats: BackendStats;
  db: Db;
  close(): Promise<void>;
}

/** The embedded API: SQLite in dataDir, migrated and seeded, served on 127.0.0.1 by default. */
export async function startBackend(options: BackendOptions): Promise<RunningBackend> {
  const db = openDb(options.dataDir);
  seed(db);
  const stats: BackendStats = { tokenRequests: 0, apiRequests: 0, unauthorized: 0 };
  const tokens = createTokenIssuer({
    clientId: options.clientId,
    clientSecret: options.clientSecret,
    ttlSeconds: options.tokenTtlSeconds ?? 3600,
  });
  const server: Server = createServer(createBackendApp({ db, tokens, stats }));
  server.keepAliveTimeout = 65_000;
  const host = options.host ?? "127.0.0.1";
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, host, resolve);
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${host}:${port}`,
    stats,
    db,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => {
          db.close();
          resolve();
        });
      }),
  };
}
