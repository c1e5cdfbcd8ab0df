import { ApiError, isNotFound } from "~/lib/platform/api/errors";

/**
 * Throws what the visitor sees for an API failure in a loader: 404 for an unknown item, 503 with
 * a localized page when the API cannot answer, anything else as it came. Never a stack trace.
 */
export function throwApiFailure(error: unknown): never {
  if (isNotFound(error)) throw new Response("Not Found", { status: 404 });
  if (error instanceof ApiError) throw Response.json({ unavailable: true }, { status: 503, headers: { "Retry-After": "60" } });
  throw error;
}
