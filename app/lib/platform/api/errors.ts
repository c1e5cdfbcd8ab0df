export type ApiErrorKind = "token" | "timeout" | "network" | "status" | "contract" | "too-large";

/**
 * A typed failure of an API call; its message never carries a secret or a token. The API client is
 * made by server.ts and its errors caught by loaders: one bundle, one class (ADR 034).
 */
export class ApiError extends Error {
  constructor(
    public kind: ApiErrorKind,
    message: string,
    public status?: number,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = "ApiError";
  }
}

export const isNotFound = (error: unknown) => error instanceof ApiError && error.kind === "status" && error.status === 404;
