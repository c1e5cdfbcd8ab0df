import { decodeJwt } from "jose";
import { request, type Dispatcher } from "undici";
import { TokenResponseSchema } from "~/lib/platform/api/contract";
import { ApiError } from "~/lib/platform/api/errors";
import { readJson } from "~/lib/platform/api/read-json.server";
import type { Logger } from "~/lib/platform/logger.server";
import type { Metrics } from "~/lib/platform/metrics.server";

export interface TokenSourceOptions {
  identityUrl: string;
  clientId: string;
  clientSecret: string;
  dispatcher: Dispatcher;
  timeoutMs: number;
  logger: Logger;
  metrics: Pick<Metrics, "tokenRenewals" | "upstreamFailures" | "upstreamRequests">;
}

interface Held {
  token: string;
  /** When to stop using it: 60 s before expiry, or a fifth of its life for short-lived tokens. */
  renewAt: number;
}

/**
 * Client-credentials tokens for the API. Concurrent callers share one in-flight request; a token
 * is renewed before it expires; a rejected one is dropped so the next call fetches a new one.
 */
export function createTokenSource(options: TokenSourceOptions) {
  const { logger, metrics } = options;
  const { tokenRenewals, upstreamFailures, upstreamRequests } = metrics;
  let held: Held | null = null;
  let inflight: Promise<string> | null = null;

  async function fetchToken(signal: AbortSignal): Promise<Held> {
    const body = new URLSearchParams({
      grant_type: "client_credentials",
      client_id: options.clientId,
      client_secret: options.clientSecret,
    }).toString();
    upstreamRequests.inc({ endpoint: "connect/token" });
    // The token request itself carries no bearer.
    const res = await request(new URL("connect/token", withSlash(options.identityUrl)), {
      method: "POST",
      body,
      headers: { "content-type": "application/x-www-form-urlencoded", accept: "application/json" },
      dispatcher: options.dispatcher,
      signal,
    });
    if (res.statusCode !== 200) {
      await res.body.dump();
      throw new Error(`token endpoint answered ${res.statusCode}`);
    }
    // A token answer is a few hundred bytes; 64 KB is generous and still bounded.
    const parsed = TokenResponseSchema.parse(await readJson(res, 64 * 1024, "connect/token"));
    const now = Date.now();
    const claims = decodeJwt(parsed.access_token);
    const exp = claims.exp ? claims.exp * 1000 : now + parsed.expires_in * 1000;
    const lifetime = exp - (claims.iat ? claims.iat * 1000 : now);
    return { token: parsed.access_token, renewAt: exp - Math.min(60_000, lifetime / 5) };
  }

  return {
    /** `signal`: the caller's deadline (its page's); without one, the token call gets the whole timeout. */
    async get(signal: AbortSignal = AbortSignal.timeout(options.timeoutMs)): Promise<string> {
      if (held && Date.now() < held.renewAt) return held.token;
      inflight ??= fetchToken(signal)
        .then((fresh) => {
          tokenRenewals.inc();
          held = fresh;
          return fresh.token;
        })
        .catch((error: unknown) => {
          held = null;
          upstreamFailures.inc({ endpoint: "connect/token", reason: "token" });
          logger.error({ err: error instanceof Error ? error.message : "unknown error" }, "API token request failed");
          throw new ApiError("token", "Failed to fetch new token", undefined, { cause: error });
        })
        .finally(() => {
          inflight = null;
        });
      // A caller that joined another's token request still stops at its own deadline.
      return untilAborted(inflight, signal);
    },
    /** After a 401: forget this token (not a newer one another caller already fetched). */
    invalidate(token: string) {
      if (held?.token === token) held = null;
    },
  };
}

export type TokenSource = ReturnType<typeof createTokenSource>;

function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(new ApiError("timeout", "API token request timed out"));
  return new Promise<T>((resolve, reject) => {
    const stop = () => reject(new ApiError("timeout", "API token request timed out"));
    signal.addEventListener("abort", stop, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener("abort", stop));
  });
}

export const withSlash = (url: string) => (url.endsWith("/") ? url : `${url}/`);
