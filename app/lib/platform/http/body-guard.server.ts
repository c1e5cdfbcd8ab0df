import busboy from "busboy";
import type { Request, RequestHandler, Response } from "express";
import { answerTooLarge } from "~/lib/platform/http/body-limit.server";
import { FORM_SHAPE, nameProblem, urlEncodedProblem } from "~/lib/platform/http/form-shape";
import { plainPage } from "~/lib/platform/http/plain-page.server";
import { readBody, type BodyInspector } from "~/lib/platform/http/read-body.server";
import { refusalOf } from "~/lib/platform/http/refusal.server";
import { pagePathOf } from "~/lib/platform/http/single-fetch";

/** The body Remix is given (remix-handler.server.ts): read whole, its size and shape checked. */
export interface GuardedBody {
  body: Buffer<ArrayBuffer>;
  /** The content type Remix is told; an empty post is read as an empty form. */
  contentType: string;
}

const URLENCODED = "application/x-www-form-urlencoded";
const MULTIPART = "multipart/form-data";
const JSON_TYPE = "application/json";

/** The media type alone, lower-cased: `multipart/form-data; boundary=…` → `multipart/form-data`. */
const mediaType = (req: Request) => (req.get("content-type") ?? "").split(";", 1)[0].trim().toLowerCase();

/** A post with no body at all (Content-Length: 0, or neither a length nor chunks). */
const hasNoBody = (req: Request) =>
  req.get("content-length") === "0" || (req.get("content-length") === undefined && req.get("transfer-encoding") === undefined);

/**
 * The names of a multipart body, checked part by part as the bytes come in (busboy, with limits),
 * so a body of 50,000 parts is refused at its 1,001st, not after it was all read.
 */
function multipartInspector(req: Request, takesFiles: boolean, limit: number): BodyInspector | string {
  let problem: string | null = null;
  const refuse = (why: string) => (problem ??= why);
  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: req.headers,
      limits: {
        // Bytes; the name rule counts characters (form-shape.ts), so room for four bytes each.
        fieldNameSize: FORM_SHAPE.maxNameLength * 4 + 1,
        fieldSize: limit,
        fields: FORM_SHAPE.maxFields,
        files: takesFiles ? FORM_SHAPE.maxFiles : 0,
        parts: FORM_SHAPE.maxFields + (takesFiles ? FORM_SHAPE.maxFiles : 0),
        headerPairs: 16,
      },
    });
  } catch {
    // No boundary, or one busboy cannot use.
    return "a multipart body without a usable boundary";
  }
  const checkName = (name: string, truncated: boolean) => {
    const why = truncated ? "a field name is too long" : nameProblem(name);
    if (why) refuse(why);
  };
  parser.on("field", (name, _value, info) => checkName(name, info.nameTruncated));
  parser.on("file", (name, stream) => {
    checkName(name, false);
    stream.resume();
  });
  parser.on("partsLimit", () => refuse("too many parts"));
  parser.on("fieldsLimit", () => refuse("too many fields"));
  parser.on("filesLimit", () => refuse(takesFiles ? "too many files" : "a file where this page takes none"));
  const done = new Promise<void>((resolve) => {
    parser.once("close", resolve);
    parser.once("error", (error: Error) => {
      refuse(`an unreadable multipart body (${error.message})`);
      resolve();
    });
  });
  return {
    write: (chunk) => void (problem === null && parser.write(chunk)),
    problem: () => problem,
    async end() {
      if (problem === null) {
        parser.end();
        await done;
      }
      return problem;
    },
  };
}

const JSON_TYPES = new Set(["application/json", "text/plain"]);

/** A JSON body, read at the same pace and cap as a form; anything else is a 415. */
async function jsonBody(req: Request, res: Response, next: () => void, type: string) {
  if (!JSON_TYPES.has(type)) return void res.status(415).set("Cache-Control", "no-store").end();
  const outcome = await readBody(req, res.locals.bodyLimit as number);
  if (outcome.ok) {
    res.locals.guardedBody = { body: outcome.body, contentType: "application/json" } satisfies GuardedBody;
    return next();
  }
  if (outcome.why === "aborted") return void req.socket.destroy();
  if (outcome.why === "tooLarge") return answerTooLarge(req, res);
  res.once("finish", () => req.socket.destroy());
  res.set("Connection", "close").status(408).end();
}

/** The short page in the visitor's language, and the status it goes with. */
const answer = (req: Request, res: Response, status: number, key: "badRequest" | "requestTimeout") =>
  res.status(status).type("html").send(plainPage(req.path, key));

/**
 * One guard for every body, on every route, including routes added later: whatever posts to the
 * site is read here first, whole and within its cap (body-limit.server.ts says which), at a pace
 * (read-body.server.ts), and must be a form (urlencoded or multipart, form-shape.ts) before Remix
 * sees it. Remix then gets those bytes (remix-handler.server.ts), so the session, origin and CSRF
 * checks and each form's schema only ever read a body of sane size and shape.
 * - Too large: the localized 413 (a post made with JavaScript carries it to its form instead).
 * - Not a form, or a form no page of the site writes: a localized 415 or 400, before any parser
 *   builds anything from it. JSON only where `takesJson` says (browser error reports), read the same way;
 *   the analytics beacon's JSON (`takesBeacon`) also as text/plain, which is what sendBeacon sends.
 * - Stalled or trickling: 408, and the connection is closed.
 */
export function bodyGuard(
  takesUploads: (path: string) => boolean,
  takesJson: (path: string) => boolean = () => false,
  takesBeacon: (path: string) => boolean = () => false,
): RequestHandler {
  return async (req, res, next) => {
    if (req.method !== "POST") return next();
    // Refused already (rate limit, declared size): Remix is given an empty form with the reason.
    if (refusalOf(res)) {
      res.locals.guardedBody = { body: Buffer.alloc(0), contentType: URLENCODED } satisfies GuardedBody;
      return next();
    }
    const type = mediaType(req);
    // The analytics beacon: a small JSON body (sent as text/plain by sendBeacon), read within its cap; its route parses it with zod.
    if (takesBeacon(req.path)) return jsonBody(req, res, next, type);
    if (type === "" && hasNoBody(req)) {
      res.locals.guardedBody = { body: Buffer.alloc(0), contentType: URLENCODED } satisfies GuardedBody;
      return next();
    }
    if (type !== URLENCODED && type !== MULTIPART && !(type === JSON_TYPE && takesJson(req.path))) return void answer(req, res, 415, "badRequest");
    const limit = res.locals.bodyLimit as number;
    const inspector = type === MULTIPART ? multipartInspector(req, takesUploads(pagePathOf(req.path)), limit) : undefined;
    if (typeof inspector === "string") return void answer(req, res, 400, "badRequest");
    const outcome = await readBody(req, limit, inspector);
    if (!outcome.ok) {
      if (outcome.why === "aborted") return void req.socket.destroy();
      if (outcome.why === "tooLarge") return answerTooLarge(req, res);
      if (outcome.why === "tooSlow") {
        res.once("finish", () => req.socket.destroy());
        return void res.set("Connection", "close").status(408).type("html").send(plainPage(req.path, "requestTimeout"));
      }
      req.log?.warn({ problem: outcome.problem }, "body refused");
      return void answer(req, res, 400, "badRequest");
    }
    if (type === URLENCODED) {
      const problem = urlEncodedProblem(outcome.body.toString("utf8"));
      if (problem) {
        req.log?.warn({ problem }, "body refused");
        return void answer(req, res, 400, "badRequest");
      }
    }
    res.locals.guardedBody = { body: outcome.body, contentType: req.get("content-type")! } satisfies GuardedBody;
    next();
  };
}
