import type { ServerOptions } from "node:http";

/**
 * How long a connection may take before it is dropped, so slow or silent sockets (slowloris) cannot
 * hold the server's connections:
 * - headers must be complete within 10 s of the request's start;
 * - a connection that sends and receives nothing for 10 s is closed (also between keep-alive requests);
 * - a whole request, body included, may take 2 minutes: a 12 MB photo from a phone on a weak
 *   connection needs that long, and it keeps sending, so the idle limit does not cut it.
 * Node checks these every second rather than its default 30 s.
 */
export const serverTimeouts = {
  headersTimeout: 10_000,
  requestTimeout: 120_000,
  keepAliveTimeout: 5_000,
  connectionsCheckingInterval: 1_000,
  idleTimeout: 10_000,
} satisfies ServerOptions & { idleTimeout: number };
