import type { Request, Response } from "express";
import { isDataRequest } from "~/lib/platform/http/single-fetch";

/**
 * Why express turned a post away before reading it. Without JavaScript the visitor gets a short page
 * in their language (plain-page.server.ts). With JavaScript the form posts to `/{page}.data`, and
 * single fetch can read nothing but its own encoding there: an HTML answer put the generic error
 * page in place of the form and lost what the visitor typed. Such posts go on to the action with
 * their refusal in `context.refusal` and an empty form for a body; the action answers it as form data
 * (lead-action.server.ts), so the form stays, filled in, with the reason above it.
 */
export type Refusal = "rateLimited" | "payloadTooLarge";

/** A form post made with JavaScript: Remix can carry a refusal back to its form. */
export const isDataPost = (req: Request) => req.method === "POST" && isDataRequest(req.path);

/** Marks the request refused and lets it through to Remix; its body is never read (body-limit drains it). */
export function passRefusal(res: Response, refusal: Refusal) {
  res.locals.refusal ??= refusal;
}

/** The status a refused post is answered with, whoever answers it. */
export const refusalStatus = (refusal: Refusal) => (refusal === "rateLimited" ? 429 : 413);

export const refusalOf = (res: Response): Refusal | null => res.locals.refusal ?? null;
