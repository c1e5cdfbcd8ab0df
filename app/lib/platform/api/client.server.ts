import { Agent, errors as undiciErrors, FormData as UndiciFormData, request, type Dispatcher } from "undici";
import type { z } from "zod";
import { endpoints, LeadAcceptedSchema, postEndpoints, UploadResultSchema } from "~/lib/platform/api/contract";
import { ApiError } from "~/lib/platform/api/errors";
import { buildQuery } from "~/lib/platform/api/query";
import { readBytes, readJson } from "~/lib/platform/api/read-json.server";
import { createStaffApi } from "~/lib/platform/api/staff-client.server";
import { createTokenSource, withSlash } from "~/lib/platform/api/token.server";
import { requestContext, type Logger } from "~/lib/platform/logger.server";
import type { Metrics } from "~/lib/platform/metrics.server";

export interface ApiClientOptions {
  apiUrl: string;
  identityUrl: string;
  clientId: string;
  clientSecret: string;
  /** One page's API calls, token included, share this much time (and so does each lead delivery). */
  timeoutMs: number;
  /** An answer larger than this is refused unread; default 8 MB. */
  maxResponseBytes?: number;
  logger: Logger;
  metrics: Pick<Metrics, "tokenRenewals" | "upstreamFailures" | "upstreamRequests">;
}

type GetName = keyof typeof endpoints;
type PostName = keyof typeof postEndpoints;

type Query = Parameters<typeof buildQuery>[0];

/** One call to the API, as `sendReading` and `attempt` take it. */
interface ApiCall<T> {
  method: "GET" | "POST";
  /** The contract's path template: a metric label of bounded size. */
  endpoint: string;
  path: string;
  lang: string;
  body?: string | UndiciFormData;
  extraHeaders?: Record<string, string>;
  /** Takes the answer in (JSON, or an image's bytes), capped at maxResponseBytes. */
  read: (res: Dispatcher.ResponseData<unknown>) => Promise<T>;
}

export { buildQuery };

function fillPath(template: string, params: Record<string, string | number> = {}) {
  return template.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(String(params[name])));
}

function classify(error: unknown, path: string): ApiError {
  if (error instanceof ApiError) return error;
  const e = error as { name?: string; code?: string };
  const timeout =
    e?.name === "TimeoutError" ||
    e?.name === "AbortError" ||
    error instanceof undiciErrors.HeadersTimeoutError ||
    error instanceof undiciErrors.BodyTimeoutError ||
    error instanceof undiciErrors.ConnectTimeoutError;
  return timeout
    ? new ApiError("timeout", `API call ${path} timed out`, undefined, { cause: error })
    : new ApiError("network", `API call ${path} failed: ${e?.code ?? e?.name ?? "network error"}`, undefined, { cause: error });
}

/** The provider's API: keep-alive agent, a timeout on every call, bearer token, typed errors. */
/** A file the outbox uploads before its lead, under the lead's own idempotency key. */
interface Upload {
  lang: string;
  file: Blob;
  idempotencyKey: string;
}

export function createApiClient(options: ApiClientOptions) {
  const { logger } = options;
  const { upstreamFailures, upstreamRequests } = options.metrics;
  const dispatcher = new Agent({
    keepAliveTimeout: 30_000,
    connections: 64,
    connectTimeout: options.timeoutMs,
    headersTimeout: options.timeoutMs,
    bodyTimeout: options.timeoutMs,
  });
  const tokens = createTokenSource({ ...options, dispatcher });
  const base = new URL("api/", withSlash(options.apiUrl));
  const maxResponseBytes = options.maxResponseBytes ?? 8 * 1024 * 1024;

  /**
   * The moment this page's API calls must be done: set by its first call, shared by the rest (and
   * by the token call), so a page with several reads still answers within API_TIMEOUT_MS of its first.
   */
  function deadline(): number {
    const store = requestContext.getStore();
    if (!store || store.background) return Date.now() + options.timeoutMs;
    return (store.apiDeadline ??= Date.now() + options.timeoutMs);
  }

  /** What is left of the deadline, as a signal; none left is a timeout before anything is sent. */
  function remaining(until: number, path: string): AbortSignal {
    const ms = until - Date.now();
    if (ms <= 0) throw new ApiError("timeout", `API call ${path} timed out`);
    return AbortSignal.timeout(ms);
  }

  /** `endpoint` is the contract's path template: a metric label of bounded size. */
  async function send(
    method: "GET" | "POST",
    endpoint: string,
    path: string,
    lang: string,
    body?: string | UndiciFormData,
    extraHeaders: Record<string, string> = {},
  ): Promise<unknown> {
    return sendReading({ method, endpoint, path, lang, body, extraHeaders, read: (res) => readJson(res, maxResponseBytes, path) });
  }

  /** A file to admin/multimedia/{part} as the multipart part `part` with its `Type`; answers the upload's reference. */
  async function uploadFile(part: "image" | "document", type: string, { lang, file, idempotencyKey }: Upload) {
    // undici's own FormData: its request() streams it as multipart with a boundary.
    const form = new UndiciFormData();
    form.set(part, file);
    form.set("Type", type);
    const path = `admin/multimedia/${part}`;
    const data = await send("POST", path, path, lang, form, { "idempotency-key": idempotencyKey });
    return parse(UploadResultSchema, data, path).result;
  }

  /** A call whose failures count against its endpoint in the metrics. */
  async function sendReading<T>(call: ApiCall<T>): Promise<T> {
    try {
      return await attempt(call);
    } catch (error) {
      // A 404 is an answer (an unknown id), not a failure of the API.
      const notFound = error instanceof ApiError && error.status === 404;
      if (!notFound) upstreamFailures.inc({ endpoint: call.endpoint, reason: error instanceof ApiError ? error.kind : "network" });
      throw error;
    }
  }

  async function attempt<T>({ method, endpoint, path, lang, body, extraHeaders, read }: ApiCall<T>): Promise<T> {
    const until = deadline();
    // A 401 means the token went stale: drop it, renew once and retry once, never more.
    for (let attempt = 0; ; attempt++) {
      const token = await tokens.get(remaining(until, path));
      upstreamRequests.inc({ endpoint });
      let res: Awaited<ReturnType<typeof request>>;
      try {
        res = await request(new URL(path, base), {
          method,
          dispatcher,
          body,
          headers: {
            authorization: `Bearer ${token}`,
            "accept-language": lang,
            accept: "application/json",
            ...(typeof body === "string" ? { "content-type": "application/json" } : {}),
            ...extraHeaders,
          },
          signal: remaining(until, path),
        });
      } catch (error) {
        const failure = classify(error, path);
        logger.error({ path, kind: failure.kind }, failure.message);
        throw failure;
      }
      if (res.statusCode === 401 && attempt === 0) {
        await res.body.dump();
        tokens.invalidate(token);
        continue;
      }
      if (res.statusCode >= 400) {
        await res.body.dump();
        if (res.statusCode !== 404) logger.error({ method, path, status: res.statusCode }, "API call failed");
        throw new ApiError("status", `API call ${path} answered ${res.statusCode}`, res.statusCode);
      }
      try {
        return await read(res);
      } catch (error) {
        const failure = classify(error, path);
        if (failure.kind === "too-large") logger.error({ path, maxResponseBytes }, failure.message);
        throw failure;
      }
    }
  }

  function parse<T extends z.ZodTypeAny>(schema: T, data: unknown, path: string, endpoint = path): z.infer<T> {
    const parsed = schema.safeParse(data);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      logger.error({ path, at: issue.path.join("."), issue: issue.message }, "API response broke the contract");
      upstreamFailures.inc({ endpoint, reason: "contract" });
      throw new ApiError("contract", `API call ${path} broke the contract`);
    }
    if ((parsed.data as { hasError?: boolean }).hasError) throw new ApiError("status", `API call ${path} reported an error`);
    return parsed.data;
  }

  return {
    tokens,
    /** The back office's calls (staff-client.server.ts), on the same connections. */
    staff: createStaffApi({ ...options, tokens, dispatcher, maxResponseBytes, apiUrl: options.apiUrl, identityUrl: options.identityUrl }),
    async get<N extends GetName>(
      name: N,
      { lang, params, query }: { lang: string; params?: Record<string, string | number>; query?: Query },
    ): Promise<z.infer<(typeof endpoints)[N]["response"]>> {
      const endpoint = endpoints[name];
      const path = fillPath(endpoint.path, params) + buildQuery(query);
      return parse(endpoint.response, await send("GET", endpoint.path, path, lang), path, endpoint.path);
    },
    async post<N extends PostName>(
      name: N,
      { lang, payload, idempotencyKey }: { lang: string; payload: z.input<(typeof postEndpoints)[N]["payload"]>; idempotencyKey: string },
    ) {
      const endpoint = postEndpoints[name];
      const body = JSON.stringify(endpoint.payload.parse(payload));
      const data = await send("POST", endpoint.path, endpoint.path, lang, body, { "idempotency-key": idempotencyKey });
      return parse(LeadAcceptedSchema, data, endpoint.path).result;
    },
    /** A JSON post the site makes for itself with its client token (leadAlerts), its answer read with a contract schema. */
    async postJson<T extends z.ZodTypeAny>(path: string, payload: unknown, schema: T): Promise<z.infer<T>> {
      return parse(schema, await send("POST", path, path, "en", JSON.stringify(payload)), path);
    },
    /** A GET the site makes for itself with its client token (push-subscriptions), its answer read with a contract schema. */
    async getJson<T extends z.ZodTypeAny>(path: string, query: Query, schema: T): Promise<z.infer<T>> {
      const full = path + buildQuery(query);
      return parse(schema, await send("GET", path, full, "en"), full, path);
    },
    uploadImage: (upload: Upload) => uploadFile("image", "JobApplication", upload),
    /** A built form's PDF (ADR 065): kept by the API byte for byte; answers its reference, as an image upload does. */
    uploadDocument: (upload: Upload) => uploadFile("document", "FormFile", upload),
    /** An uploaded image's WebP variant (GET media/{id}/{width}); an unknown one is a 404 ApiError. */
    async media(id: string, width: number): Promise<Buffer> {
      const path = `media/${encodeURIComponent(id)}/${width}`;
      const bytes = await sendReading({
        method: "GET",
        endpoint: "media/:id/:width",
        path,
        lang: "en",
        extraHeaders: { accept: "image/webp" },
        read: (res) => readBytes(res, maxResponseBytes, path),
      });
      if (bytes.type !== "image/webp") throw new ApiError("contract", `API call ${path} answered ${bytes.type || "no type"}, not image/webp`);
      return bytes.body;
    },
    /** A text page's document file as the owner uploaded it (GET pages/{name}/file, ADR 061); none is a 404 ApiError. */
    async pageFile(name: string, lang: string): Promise<Buffer> {
      const path = `pages/${encodeURIComponent(name)}/file`;
      const bytes = await sendReading({
        method: "GET",
        endpoint: "pages/:name/file",
        path,
        lang,
        extraHeaders: { accept: "application/pdf" },
        read: (res) => readBytes(res, maxResponseBytes, path),
      });
      if (bytes.type !== "application/pdf") throw new ApiError("contract", `API call ${path} answered ${bytes.type || "no type"}, not application/pdf`);
      return bytes.body;
    },
    close: () => dispatcher.close(),
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;
