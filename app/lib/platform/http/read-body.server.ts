import type { IncomingMessage } from "node:http";

/**
 * How slowly a body may come. Headers have their own limit (timeouts.server.ts); a body is read
 * here, and a request whose body is being read counts as one the site is answering, so the idle
 * socket timer leaves it alone: without these a body that stopped after its headers held its
 * connection for the whole request timeout (2 minutes).
 * - A body that sends nothing for `stallMs` is dropped (checked every second: within 9 s).
 * - After its first `graceMs` a body must average `minBytesPerSecond` (1 KB/s): a phone on a
 *   weak connection sends a photo at tens of KB/s, while a trickle of a byte every few seconds
 *   would hold the connection for the full 2 minutes.
 * - The whole request, body included, still ends at the server's request timeout (2 minutes):
 *   a 5 MB photo at 50 KB/s takes 100 s and gets through.
 */
export const BODY_PACE = { stallMs: 8_000, graceMs: 10_000, minBytesPerSecond: 1_024, checkEveryMs: 1_000 } as const;

export type BodyOutcome =
  | { ok: true; body: Buffer<ArrayBuffer> }
  /** Past the cap: nothing more is read (the caller answers 413 and drains). */
  | { ok: false; why: "tooLarge" }
  /** Stalled or too slow: the caller answers 408 and closes the connection. */
  | { ok: false; why: "tooSlow" }
  /** The client went away or the stream failed: there is nobody to answer. */
  | { ok: false; why: "aborted" }
  /** The inspector refused the body's shape (its own words). */
  | { ok: false; why: "shape"; problem: string };

/** Sees the body's chunks as they come, to refuse a body before it is all in (multipart). */
export interface BodyInspector {
  write(chunk: Buffer): void;
  /** Called once the body is all in: resolves with a problem, or null. */
  end(): Promise<string | null>;
  /** A problem found so far (checked after each chunk). */
  problem(): string | null;
}

/**
 * Reads a request body into one buffer, up to `limit` bytes, at the pace above. Listeners are
 * removed when it settles, so whatever reads the rest (the drain behind a 413) has the stream alone.
 */
export function readBody(req: IncomingMessage, limit: number, inspector?: BodyInspector): Promise<BodyOutcome> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const started = Date.now();
    let lastData = started;
    let settled = false;

    const settle = (outcome: BodyOutcome) => {
      if (settled) return;
      settled = true;
      clearInterval(pace);
      req.off("data", onData);
      req.off("end", onEnd);
      req.off("error", onGone);
      req.off("aborted", onGone);
      req.off("close", onClose);
      if (!outcome.ok) req.pause();
      resolve(outcome);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      lastData = Date.now();
      if (size > limit) return settle({ ok: false, why: "tooLarge" });
      chunks.push(chunk);
      if (!inspector) return;
      inspector.write(chunk);
      const problem = inspector.problem();
      if (problem) settle({ ok: false, why: "shape", problem });
    };
    const onEnd = async () => {
      // The stream has ended: the timers have nothing left to watch.
      clearInterval(pace);
      const problem = inspector ? await inspector.end() : null;
      settle(problem ? { ok: false, why: "shape", problem } : { ok: true, body: Buffer.concat(chunks, size) });
    };
    const onGone = () => settle({ ok: false, why: "aborted" });
    const onClose = () => !req.complete && onGone();

    const pace = setInterval(() => {
      const now = Date.now();
      const elapsed = now - started;
      const tooSlow = elapsed >= BODY_PACE.graceMs && (size * 1000) / elapsed < BODY_PACE.minBytesPerSecond;
      if (now - lastData >= BODY_PACE.stallMs || tooSlow) settle({ ok: false, why: "tooSlow" });
    }, BODY_PACE.checkEveryMs);

    req.on("data", onData);
    req.once("end", onEnd);
    req.once("error", onGone);
    req.once("aborted", onGone);
    req.once("close", onClose);
    req.resume();
  });
}
