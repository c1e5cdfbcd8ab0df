import { request, type Dispatcher } from "undici";
import type { z } from "zod";
import {
  adminEndpoints,
  AUTH_ERRORS,
  CurrentStaffSchema,
  SecondStepSchema,
  SessionTokensSchema,
  TwoFactorSetupSchema,
  type CurrentStaff,
} from "~/lib/platform/api/admin-contract";
import { PREVIEW_SCHEMAS, type ContentKind, type Lang, type PreviewOf } from "~/lib/platform/api/content-contract";
import { itemOf } from "~/lib/platform/api/contract";
import { PasswordResetIssuedSchema } from "~/lib/platform/api/mail-contract";
import { buildQuery } from "~/lib/platform/api/query";
import { ApiError } from "~/lib/platform/api/errors";
import { readJson } from "~/lib/platform/api/read-json.server";
import { withSlash, type TokenSource } from "~/lib/platform/api/token.server";
import type { Logger } from "~/lib/platform/logger.server";

export interface StaffApiOptions {
  apiUrl: string;
  identityUrl: string;
  /** The site's client-credentials tokens: sign-in and refresh are the site's calls, not a user's. */
  tokens: Pick<TokenSource, "get" | "invalidate">;
  dispatcher: Dispatcher;
  timeoutMs: number;
  maxResponseBytes: number;
  logger: Logger;
}

/** An upload is sent and then resized into its variants (the embedded backend allows 20 s for that). */
const IMAGE_UPLOAD_TIMEOUT_MS = 30_000;

/** An answer the caller decides about (a 401 at sign-in, a 409 on a taken e-mail): status, body, Retry-After. */
export interface Answer {
  status: number;
  data: unknown;
  retryAfter?: number;
}

type Method = "GET" | "POST" | "PATCH" | "PUT" | "DELETE";
type Query = Record<string, string | number | undefined | null>;
type AdminName = keyof typeof adminEndpoints;

/** The first error message of an API error answer ("invalid_credentials", "email_taken"…), if any. */
export function errorCode(data: unknown): string | undefined {
  const errors = (data as { errors?: { message?: unknown }[] } | null)?.errors;
  const message = Array.isArray(errors) ? errors[0]?.message : undefined;
  return typeof message === "string" ? message : undefined;
}

/**
 * The back office's calls: sign-in, refresh and sign-out at the identity API with the site's client
 * token; the session check and the admin endpoints with the staff member's own token, which never
 * leaves the server.
 * Every call has the timeout and the size cap of the public client.
 */
export function createStaffApi(options: StaffApiOptions) {
  const { dispatcher, logger } = options;
  const apiBase = new URL("api/", withSlash(options.apiUrl));
  const identityBase = new URL("api/auth/", withSlash(options.identityUrl));

  /** `payload` goes as JSON; `file` as the raw body (an uploaded image), with a timeout of its own. */
  async function call(
    url: URL,
    method: Method,
    bearer: string,
    payload?: unknown,
    { file, timeoutMs = options.timeoutMs, idempotencyKey }: { file?: Uint8Array; timeoutMs?: number; idempotencyKey?: string } = {},
  ): Promise<Dispatcher.ResponseData<unknown>> {
    const json = payload !== undefined;
    try {
      return await request(url, {
        method,
        dispatcher,
        body: file ?? (json ? JSON.stringify(payload) : undefined),
        headers: {
          authorization: `Bearer ${bearer}`,
          accept: "application/json",
          ...(file ? { "content-type": "application/octet-stream" } : json ? { "content-type": "application/json" } : {}),
          ...(idempotencyKey ? { "idempotency-key": idempotencyKey } : {}),
        },
        signal: AbortSignal.timeout(timeoutMs),
        // The shared agent's own timeouts are the usual call's; an upload's answer comes later.
        headersTimeout: timeoutMs,
        bodyTimeout: timeoutMs,
      });
    } catch (error) {
      const name = (error as { name?: string }).name;
      const kind = name === "TimeoutError" || name === "AbortError" ? "timeout" : "network";
      logger.error({ path: url.pathname, kind }, "staff API call failed");
      throw new ApiError(kind, `API call ${url.pathname} failed`, undefined, { cause: error });
    }
  }

  async function answer(res: Dispatcher.ResponseData<unknown>, path: string): Promise<Answer> {
    const retry = Number(res.headers["retry-after"]);
    const type = String(res.headers["content-type"] ?? "");
    const data = type.includes("json") ? await readJson(res, options.maxResponseBytes, path) : (await res.body.dump(), null);
    return { status: res.statusCode, data, ...(Number.isFinite(retry) ? { retryAfter: retry } : {}) };
  }

  /** An identity call with the site's token; a stale client token is renewed once. */
  async function identity(path: string, payload: unknown): Promise<Answer> {
    for (let attempt = 0; ; attempt++) {
      const token = await options.tokens.get();
      const res = await call(new URL(path, identityBase), "POST", token, payload);
      // A 401 at login is the user's; one with the token's WWW-Authenticate is the site's token going stale.
      if (res.statusCode === 401 && attempt === 0 && String(res.headers["www-authenticate"] ?? "").includes("invalid_token")) {
        await res.body.dump();
        options.tokens.invalidate(token);
        continue;
      }
      return answer(res, path);
    }
  }

  function parseTokens(result: Answer) {
    if (result.status !== 200) return null;
    const parsed = SessionTokensSchema.safeParse(result.data);
    if (!parsed.success) throw new ApiError("contract", "auth answer broke the contract");
    return parsed.data.result;
  }

  return {
    async signIn(email: string, password: string, clientIp?: string, userAgent?: string) {
      const result = await identity("login", { email, password, clientIp, userAgent: userAgent?.slice(0, 500) });
      if (result.status === 202) {
        // The password was right; the user's code is asked next (two-factor sign-in).
        const parsed = SecondStepSchema.safeParse(result.data);
        if (!parsed.success) throw new ApiError("contract", "auth/login's second step broke the contract");
        const { secondStep: step, pending, expiresIn } = parsed.data.result;
        return { ok: false as const, reason: "secondStep" as const, step, pending, expiresIn };
      }
      if (result.status === 429) return { ok: false as const, reason: "locked" as const, retryAfter: result.retryAfter };
      if (result.status === 401 || result.status === 400) return { ok: false as const, reason: "invalid" as const };
      const tokens = parseTokens(result);
      if (!tokens) throw new ApiError("status", `auth/login answered ${result.status}`, result.status);
      return { ok: true as const, tokens };
    },
    /** A sign-in's second step: tokens, or why not (a wrong code, held back, the pending sign-in expired). */
    async signInCode(pending: string, code: string, clientIp?: string) {
      const result = await identity("login/code", { pending, code, clientIp });
      if (result.status === 429) return { ok: false as const, reason: "locked" as const, retryAfter: result.retryAfter };
      if (result.status === 401 && errorCode(result.data) === AUTH_ERRORS.invalidCode) return { ok: false as const, reason: "invalidCode" as const };
      if (result.status === 401 || result.status === 400) return { ok: false as const, reason: "expired" as const };
      const tokens = parseTokens(result);
      if (!tokens) throw new ApiError("status", `auth/login/code answered ${result.status}`, result.status);
      return { ok: true as const, tokens };
    },
    /** The secret to scan for a sign-in that must set up two factors first, or null when that sign-in has ended. */
    async signInSetup(pending: string) {
      const result = await identity("login/setup", { pending });
      if (result.status === 401 || result.status === 400) return null;
      const parsed = TwoFactorSetupSchema.safeParse(result.data);
      if (result.status !== 200 || !parsed.success) throw new ApiError("status", `auth/login/setup answered ${result.status}`, result.status);
      return parsed.data.result;
    },
    /** New tokens for a refresh token, or null when the API refuses it (revoked, reused, user disabled). */
    async refresh(refreshToken: string) {
      const result = await identity("refresh", { refreshToken });
      if (result.status === 401 || result.status === 400) return null;
      const tokens = parseTokens(result);
      if (!tokens) throw new ApiError("status", `auth/refresh answered ${result.status}`, result.status);
      return tokens;
    },
    async signOut(refreshToken: string) {
      await identity("logout", { refreshToken });
    },
    /** A reset link for this address (auth/password-resets): its token and whom to mail, or null for no enabled staff member. */
    async requestPasswordReset(email: string) {
      const result = await identity("password-resets", { email });
      const parsed = PasswordResetIssuedSchema.safeParse(result.data);
      if (result.status !== 200 || !parsed.success) throw new ApiError("status", `auth/password-resets answered ${result.status}`, result.status);
      return parsed.data.result.mail;
    },
    /** Sets the password with a reset link's token: ok, or the API's reason (an unusable link, or the password rule's words). */
    async usePasswordReset(token: string, password: string): Promise<{ ok: true } | { ok: false; code: string }> {
      const result = await identity("password-resets/use", { token, password });
      if (result.status === 204) return { ok: true };
      if (result.status === 400) return { ok: false, code: errorCode(result.data) ?? "invalid" };
      throw new ApiError("status", `auth/password-resets/use answered ${result.status}`, result.status);
    },
    /**
     * Who a staff access token belongs to now and what they may do now (auth/session, with that
     * token), or null when the API no longer takes it (signed out, revoked, user disabled, expired).
     * Anything else (down, slow, a broken answer) throws: a session is never taken on trust.
     */
    async session(accessToken: string): Promise<CurrentStaff | null> {
      const path = "session";
      const result = await answer(await call(new URL(path, identityBase), "GET", accessToken), `auth/${path}`);
      if (result.status === 401) return null;
      if (result.status !== 200) throw new ApiError("status", `auth/session answered ${result.status}`, result.status);
      const parsed = CurrentStaffSchema.safeParse(result.data);
      if (!parsed.success) throw new ApiError("contract", "auth/session answer broke the contract");
      return parsed.data.result;
    },
    /** The admin endpoints as this staff member. */
    as(token: string) {
      return {
        async get<N extends AdminName>(name: N, { params = {}, query }: { params?: Record<string, string | number>; query?: Query } = {}) {
          const endpoint = adminEndpoints[name];
          const path = endpoint.path.replace(/:(\w+)/g, (_, key: string) => encodeURIComponent(String(params[key]))) + buildQuery(query);
          const result = await answer(await call(new URL(path, apiBase), "GET", token), path);
          if (result.status !== 200) throw new ApiError("status", `API call ${endpoint.path} answered ${result.status}`, result.status);
          const parsed = endpoint.response.safeParse(result.data);
          if (!parsed.success) {
            logger.error({ path: endpoint.path, at: parsed.error.issues[0].path.join(".") }, "API response broke the contract");
            throw new ApiError("contract", `API call ${endpoint.path} broke the contract`);
          }
          return parsed.data as z.infer<(typeof adminEndpoints)[N]["response"]>;
        },
        /**
         * A draft as its public page would read it, in the public contract's shape of its kind; null
         * while the draft is incomplete in that language (the API's 422) or the item is gone (404).
         */
        async preview<K extends ContentKind>(kind: K, id: number, lang: Lang): Promise<PreviewOf<K> | null> {
          const path = `admin/content/${kind}/${id}/preview/${lang}`;
          const result = await answer(await call(new URL(path, apiBase), "GET", token), path);
          if (result.status === 422 || result.status === 404) return null;
          if (result.status !== 200) throw new ApiError("status", `API call admin/content/preview answered ${result.status}`, result.status);
          const parsed = itemOf(PREVIEW_SCHEMAS[kind]).safeParse(result.data);
          if (!parsed.success) {
            logger.error({ path: "admin/content/preview", at: parsed.error.issues[0].path.join(".") }, "API response broke the contract");
            throw new ApiError("contract", "API call admin/content/preview broke the contract");
          }
          return parsed.data.result as PreviewOf<K>;
        },
        /**
         * A write: the caller reads the status (a 409 is an answer to show, not a failure). With an
         * `idempotencyKey`, a write sent again with the same key is done once (where the API says so).
         */
        async send(method: Exclude<Method, "GET">, path: string, payload?: unknown, { idempotencyKey }: { idempotencyKey?: string } = {}): Promise<Answer> {
          return answer(await call(new URL(path, apiBase), method, token, payload, { idempotencyKey }), path);
        },
        /**
         * An image for content (POST admin/content/images), its file's bytes as they came: 201 (or
         * 200 for a file sent before) with ImageUploadSchema; 413, 415 and 422 are answers to show.
         */
        async uploadImage(file: Uint8Array): Promise<Answer> {
          const path = "admin/content/images";
          return answer(
            await call(new URL(path, apiBase), "POST", token, undefined, { file, timeoutMs: Math.max(options.timeoutMs, IMAGE_UPLOAD_TIMEOUT_MS) }),
            path,
          );
        },
        /** A text page's document file (POST admin/content/page/{id}/files/{lang}, ADR 061): 201 with the version and the change; 404, 413 and 415 are answers to show. */
        async uploadPageFile(id: number, lang: string, file: Uint8Array): Promise<Answer> {
          const path = `admin/content/page/${id}/files/${encodeURIComponent(lang)}`;
          return answer(
            await call(new URL(path, apiBase), "POST", token, undefined, { file, timeoutMs: Math.max(options.timeoutMs, IMAGE_UPLOAD_TIMEOUT_MS) }),
            path,
          );
        },
        /** Bytes (a job applicant's photo), capped like every answer. */
        async bytes(path: string): Promise<{ status: number; contentType: string; body: Buffer }> {
          const res = await call(new URL(path, apiBase), "GET", token);
          const chunks: Buffer[] = [];
          let size = 0;
          for await (const chunk of res.body as AsyncIterable<Buffer>) {
            size += chunk.length;
            if (size > options.maxResponseBytes) {
              res.body.destroy();
              throw new ApiError("too-large", `API call ${path} answered too much`);
            }
            chunks.push(chunk);
          }
          return { status: res.statusCode, contentType: String(res.headers["content-type"] ?? ""), body: Buffer.concat(chunks, size) };
        },
      };
    },
  };
}

export type StaffApi = ReturnType<typeof createStaffApi>;
