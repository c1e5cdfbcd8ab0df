import { isbot } from "isbot";

/** Whether an If-None-Match header names this validator (or `*`): the client holds the file already. */
export function holdsFile(request: Request, etag: string): boolean {
  const header = request.headers.get("If-None-Match");
  if (!header) return false;
  return header.split(",").some((tag) => {
    const value = tag.trim().replace(/^W\//, "");
    return value === "*" || value === etag;
  });
}

/**
 * Why a request that gets the file is not a download to count (ADR 052), or null when it is one:
 * a HEAD carries no file; a crawler or link preview is no reader (isbot); a range that does not
 * start at the first byte continues a download counted when it began.
 */
export function notCounted(request: Request): "head" | "bot" | "range" | null {
  if (request.method !== "GET") return "head";
  if (isbot(request.headers.get("User-Agent"))) return "bot";
  const range = request.headers.get("Range");
  if (range && !/^bytes=0-/i.test(range.trim())) return "range";
  return null;
}
