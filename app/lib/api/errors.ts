export type ApiErrorKind = "token" | "timeout" | "network" | "status" | "contract" | "too-large";

const API_ERROR = Symbol.for("remed.ApiError");

/** A typed failure of an API call; its message never carries a secret or a token. */
export class ApiError extends Error {
  /**
   * The API client is made by server.ts, so its errors are built by server.ts's bundle's copy of
   * this class and caught by the Remix build's copy (a loader's throwApiFailure): `instanceof` goes by a
   * registered symbol both copies share, not by which copy made the error.
   */
  static [Symbol.hasInstance](value: unknown): boolean {
    return typeof value === "object" && value !== null && API_ERROR in value;
  }

  readonly [API_ERROR] = true;

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
