import type { Server } from "node:http";
import type { Logger } from "~/lib/platform/logger.server";

export interface ShutdownOptions {
  /** Runs after the last request in flight has been answered (outbox, backend). */
  cleanup: () => Promise<void>;
  /** After this long, connections still open are cut and the process exits 1. */
  timeoutMs: number;
  logger: Logger;
}

/**
 * SIGTERM/SIGINT: stop accepting connections, let requests in flight finish, close idle
 * keep-alive connections so they don't hold the server open, then clean up and exit 0.
 */
export function gracefulShutdown(server: Server, { cleanup, timeoutMs, logger }: ShutdownOptions) {
  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, "shutting down: finishing requests in flight");
    const force = setTimeout(() => {
      logger.error({ timeoutMs }, "shutdown timed out: closing remaining connections");
      server.closeAllConnections();
      process.exit(1);
    }, timeoutMs);
    force.unref();
    server.close(async (error) => {
      try {
        await cleanup();
        logger.info("shutdown complete");
        process.exit(error ? 1 : 0);
      } catch (err) {
        logger.error({ err }, "shutdown cleanup failed");
        process.exit(1);
      }
    });
    // A keep-alive connection turns idle once its last response is out: close it then, not after its timeout.
    server.closeIdleConnections();
    setInterval(() => server.closeIdleConnections(), 200).unref();
  };
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
  return {
    get stopping() {
      return stopping;
    },
  };
}
