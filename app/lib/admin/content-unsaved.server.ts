import { ApiError } from "~/lib/platform/api/errors";
import type { Answer } from "~/lib/platform/api/staff-client.server";

/** Why an editor's post did not go through, as a key under admin:content.errors, with the page's status. */
export interface Unsaved {
  key: "unavailable" | "stepUnavailable" | "itemTooLarge" | "rejected";
  status: number;
}

/** A write's answer the form has no words of its own for: thrown, for `unsavedReason` to judge. */
export function unexpected(path: string, answer: Answer): never {
  throw new ApiError("status", `API call ${path} answered ${answer.status}`, answer.status);
}

/**
 * An API failure during an editor's post as words on the form, so everything typed stays on the
 * page instead of an error page: no answer (a timeout, no connection, a 5xx, an answer that broke
 * the contract) is "unavailable", or "stepUnavailable" once the save went through and only the
 * publish or unpublish went unanswered; a 413 says the item is too large for the API; any other
 * unexpected refusal is "rejected". Null for what is not the form's to say: the session's failure
 * (401) and the item's (403, 404) are answered as every admin call's are (`staffFailure`), and an
 * error that is not the API's is thrown on.
 */
export function unsavedReason(error: unknown, saved: boolean): Unsaved | null {
  if (!(error instanceof ApiError)) return null;
  const status = error.kind === "status" ? error.status : undefined;
  if (status === 401 || status === 403 || status === 404) return null;
  if (status === 413) return { key: "itemTooLarge", status: 413 };
  if (status !== undefined && status < 500) return { key: "rejected", status: 502 };
  return { key: saved ? "stepUnavailable" : "unavailable", status: 503 };
}

/** The API did not answer (or answered nonsense): a read the page can do without, or say so itself. */
export const isUnavailable = (error: unknown) => unsavedReason(error, false)?.key === "unavailable";
