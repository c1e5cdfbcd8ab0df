import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, test } from "vitest";
import { buildQuery, createApiClient } from "~/lib/platform/api/client.server";
import { ApiError } from "~/lib/platform/api/errors";
import { requestContext } from "~/lib/platform/logger.server";
import { backendWithClient, CLIENT } from "../../../../tests/support/backend";
import { observers } from "../../../../tests/support/observers";

const closers: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  while (closers.length) await closers.pop()!();
});

async function withBackend(tokenTtlSeconds?: number) {
  const env = await backendWithClient(tokenTtlSeconds ? { tokenTtlSeconds } : {});
  closers.push(() => env.close());
  return env;
}

/** A test double on 127.0.0.1 for failures the real backend does not produce. */
async function double(handler: (path: string, res: import("node:http").ServerResponse) => void) {
  const server: Server = createServer((req, res) => handler(req.url ?? "", res));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  closers.push(
    () =>
      new Promise((r) => {
        server.closeAllConnections();
        server.close(r);
      }),
  );
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe("tokens", () => {
  test("100 concurrent loads with no token cause exactly one token request", async () => {
    const { api, backend } = await withBackend();
    await Promise.all(Array.from({ length: 100 }, () => api.get("sliders", { lang: "en" })));
    expect(backend.stats.tokenRequests).toBe(1);
    expect(backend.stats.apiRequests).toBe(100);
  });

  test("100 concurrent loads after the token expired cause exactly one renewal", async () => {
    // A 5 s token: after 4.1 s it is due for renewal, and the new one outlives the burst even on a busy machine.
    const { api, backend } = await withBackend(5);
    await api.get("sliders", { lang: "en" });
    await new Promise((r) => setTimeout(r, 4100));
    await Promise.all(Array.from({ length: 100 }, () => api.get("sliders", { lang: "en" })));
    expect(backend.stats.tokenRequests).toBe(2);
    expect(backend.stats.unauthorized).toBe(0);
  });

  test("a token about to expire is renewed before it is used", async () => {
    const { api, backend } = await withBackend(5);
    await api.get("sliders", { lang: "en" });
    // A 5 s token is renewed in its last fifth: at 4.2 s it is still valid but no longer used.
    await new Promise((r) => setTimeout(r, 4200));
    await api.get("sliders", { lang: "en" });
    expect(backend.stats.tokenRequests).toBe(2);
    expect(backend.stats.unauthorized).toBe(0);
  });

  test("a 401 causes one renewal and one retry", async () => {
    // The API rejects the first token (as after an identity-server key rotation), then accepts.
    const calls: string[] = [];
    const url = await double((path, res) => {
      res.setHeader("content-type", "application/json");
      if (path === "/connect/token") {
        calls.push("token");
        return res.end(JSON.stringify({ access_token: fakeJwt(600), token_type: "Bearer", expires_in: 600 }));
      }
      const rejected = !calls.includes("401");
      calls.push(rejected ? "401" : "200");
      res.statusCode = rejected ? 401 : 200;
      res.end(JSON.stringify({ hasError: false, result: { data: [], totalCount: 0, pageIndex: 1, pageSize: 1 } }));
    });
    const client = createApiClient({ ...observers(), apiUrl: url, identityUrl: url, ...CLIENT, timeoutMs: 2000 });
    closers.push(() => client.close());
    await expect(client.get("sliders", { lang: "en" })).resolves.toBeTruthy();
    expect(calls).toEqual(["token", "401", "token", "200"]);
  });

  test("a 401 that persists is retried once, never in a loop", async () => {
    let apiCalls = 0;
    let tokenCalls = 0;
    const url = await double((path, res) => {
      res.setHeader("content-type", "application/json");
      if (path === "/connect/token") {
        tokenCalls += 1;
        return res.end(JSON.stringify({ access_token: fakeJwt(600), token_type: "Bearer", expires_in: 600 }));
      }
      apiCalls += 1;
      res.statusCode = 401;
      res.end("{}");
    });
    const client = createApiClient({ ...observers(), apiUrl: url, identityUrl: url, ...CLIENT, timeoutMs: 2000 });
    closers.push(() => client.close());
    await expect(client.get("sliders", { lang: "en" })).rejects.toMatchObject({ kind: "status", status: 401 });
    expect(apiCalls).toBe(2);
    expect(tokenCalls).toBe(2);
  });

  test("no token obtainable: the call fails with 'Failed to fetch new token'", async () => {
    const { backend } = await withBackend();
    const client = createApiClient({
      ...observers(),
      apiUrl: backend.url,
      identityUrl: backend.url,
      clientId: CLIENT.clientId,
      clientSecret: "wrong",
      timeoutMs: 2000,
    });
    closers.push(() => client.close());
    const error = await client.get("sliders", { lang: "en" }).catch((e) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error.message).toBe("Failed to fetch new token");
  });
});

describe("transport", () => {
  test("a call that hangs fails with a timeout, not a hang", async () => {
    const url = await double((path, res) => {
      if (path === "/connect/token") {
        res.setHeader("content-type", "application/json");
        return res.end(JSON.stringify({ access_token: fakeJwt(600), token_type: "Bearer", expires_in: 600 }));
      }
      // never answers
    });
    const client = createApiClient({ ...observers(), apiUrl: url, identityUrl: url, ...CLIENT, timeoutMs: 300 });
    closers.push(() => client.close());
    const started = Date.now();
    await expect(client.get("sliders", { lang: "en" })).rejects.toMatchObject({ kind: "timeout" });
    expect(Date.now() - started).toBeLessThan(2000);
  });

  test("a closed port fails as a network error", async () => {
    const client = createApiClient({ ...observers(), apiUrl: "http://127.0.0.1:9", identityUrl: "http://127.0.0.1:9", ...CLIENT, timeoutMs: 500 });
    closers.push(() => client.close());
    await expect(client.get("sliders", { lang: "en" })).rejects.toMatchObject({ message: "Failed to fetch new token" });
  });

  test("Accept-Language is the page's language and empty query values are left out", async () => {
    let seen: { path: string; lang?: string } = { path: "" };
    const server: Server = createServer((req, res) => {
      res.setHeader("content-type", "application/json");
      if (req.url === "/connect/token") return res.end(JSON.stringify({ access_token: fakeJwt(600), token_type: "Bearer", expires_in: 600 }));
      seen = { path: req.url ?? "", lang: req.headers["accept-language"] };
      res.end(JSON.stringify({ hasError: false, result: { data: [], totalCount: 0, pageIndex: 1, pageSize: 10 } }));
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    closers.push(() => new Promise((r) => server.close(r)));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const client = createApiClient({ ...observers(), apiUrl: url, identityUrl: url, ...CLIENT, timeoutMs: 2000 });
    closers.push(() => client.close());
    await client.get("blog", { lang: "ar", query: { pageIndex: 1, pageSize: 10, categoryId: 1, isHighlighted: undefined, q: "" } });
    expect(seen).toEqual({ path: "/api/blog?pageIndex=1&pageSize=10&categoryId=1", lang: "ar" });
    expect(buildQuery({ a: "", b: null, c: undefined, d: 0 })).toBe("?d=0");
  });

  test("a response that breaks the contract is a typed error", async () => {
    const url = await double((path, res) => {
      res.setHeader("content-type", "application/json");
      if (path === "/connect/token") return res.end(JSON.stringify({ access_token: fakeJwt(600), token_type: "Bearer", expires_in: 600 }));
      res.end(JSON.stringify({ hasError: false, result: { data: [{ id: "x" }] } }));
    });
    const client = createApiClient({ ...observers(), apiUrl: url, identityUrl: url, ...CLIENT, timeoutMs: 2000 });
    closers.push(() => client.close());
    await expect(client.get("sliders", { lang: "en" })).rejects.toMatchObject({ kind: "contract" });
  });
});

describe("bounds on what the API can cost a page", () => {
  const token = (res: import("node:http").ServerResponse) => res.end(JSON.stringify({ access_token: fakeJwt(600), token_type: "Bearer", expires_in: 600 }));

  test("an answer over the cap is refused unread, whether it declares its size or streams it", async () => {
    let streamedBytes = 0;
    const url = await double((path, res) => {
      res.setHeader("content-type", "application/json");
      if (path === "/connect/token") return token(res);
      if (path.startsWith("/api/blog")) {
        // Declared: 50 MB, never sent.
        res.setHeader("content-length", String(50 * 1024 * 1024));
        return res.write("[");
      }
      // Chunked: keeps sending until the client hangs up.
      const block = Buffer.alloc(64 * 1024, " ");
      const pump = () => {
        while (!res.destroyed && streamedBytes < 50 * 1024 * 1024) {
          streamedBytes += block.length;
          if (!res.write(block)) return res.once("drain", pump);
        }
        res.end();
      };
      res.write('{"data":"');
      pump();
    });
    const client = createApiClient({ ...observers(), apiUrl: url, identityUrl: url, ...CLIENT, timeoutMs: 5000, maxResponseBytes: 1024 * 1024 });
    closers.push(() => client.close());
    await expect(client.get("blog", { lang: "en", query: { pageIndex: 1, pageSize: 10 } })).rejects.toMatchObject({ kind: "too-large" });
    await expect(client.get("sliders", { lang: "en" })).rejects.toMatchObject({ kind: "too-large" });
    // Cut off near the cap, not read to the end (socket buffers let a few MB through).
    expect(streamedBytes).toBeLessThan(20 * 1024 * 1024);
  });

  test("one page's token call and reads share one deadline: a second slow read gets what is left, not a fresh timeout", async () => {
    const url = await double((path, res) => {
      res.setHeader("content-type", "application/json");
      // The token takes 100 ms; each read takes 1.8 s.
      if (path === "/connect/token") return setTimeout(() => token(res), 100);
      setTimeout(() => res.end(JSON.stringify({ hasError: false, result: { data: [], totalCount: 0, pageIndex: 1, pageSize: 1 } })), 1_800);
    });
    const client = createApiClient({ ...observers(), apiUrl: url, identityUrl: url, ...CLIENT, timeoutMs: 3000 });
    closers.push(() => client.close());
    const started = Date.now();
    const outcome = await requestContext.run({ requestId: "page" }, async () => {
      // Token (100 ms) + first read (1.8 s) fit in 3 s; the second read would too, on a timeout of its
      // own, but not in what is left of the page's 3 s: it ends when they are up.
      await client.get("sliders", { lang: "en" });
      return client.get("sliders", { lang: "en" }).then(
        () => "answered",
        (error: ApiError) => error.kind,
      );
    });
    const took = Date.now() - started;
    expect({ outcome, took: took >= 2950 && took < 4500 ? "about 3 s" : took }).toEqual({ outcome: "timeout", took: "about 3 s" });
    // Outside a page (the outbox, start-up), each call has the whole timeout.
    await expect(client.get("sliders", { lang: "en" })).resolves.toBeDefined();
  });
});

/** An unsigned JWT-shaped token with an expiry; the doubles above do not verify it. */
function fakeJwt(ttlSeconds: number) {
  const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString("base64url");
  const now = Math.floor(Date.now() / 1000);
  return `${b64({ alg: "HS256" })}.${b64({ iat: now, exp: now + ttlSeconds })}.c2ln`;
}
