import { createHash } from "node:crypto";
import Bowser from "bowser";
import { z } from "zod";
import { isAdminPath } from "~/lib/admin/paths";
import type { ApiClient } from "~/lib/platform/api/client.server";
import { ERROR_SOURCES, RELEASE, type BrowserErrorReport, type ErrorFrame } from "~/lib/platform/api/browser-errors-contract";
import { itemOf } from "~/lib/platform/api/contract";
import type { SourceMaps } from "~/lib/platform/errors/source-maps.server";
import { routeAtUrlPath } from "~/lib/site/route-table";
import { scrubText } from "~/lib/site/scrub-error-text";

/** What a page sends (report-browser-errors.ts). Nothing in it is trusted: each text is scrubbed again. */
export const PageErrorReportSchema = z.object({
  source: z.enum(ERROR_SOURCES),
  type: z.string().max(100),
  message: z.string().max(1000),
  stack: z.string().max(8000),
  page: z.string().max(500),
  release: z.string().max(40),
});

/** Frames kept per report: the top of a stack says where it broke; React's own frames below add nothing. */
const MAX_FRAMES = 40;
/** `    at fn (url:1:2)`, `    at url:1:2` (Chromium), `fn@url:1:2` (Firefox, Safari). */
const V8_FRAME = /^\s*at (?:(.+?) \()?(.+?):(\d+):(\d+)\)?$/;
const GECKO_FRAME = /^\s*(.*?)@(.+?):(\d+):(\d+)$/;

interface RawFrame {
  fn: string;
  url: string;
  line: number;
  column: number;
}

/** The frames of a stack; any other line (the message the stack repeats, an eval's note) is left out. */
export function parseStack(stack: string): RawFrame[] {
  const frames: RawFrame[] = [];
  for (const line of stack.split("\n")) {
    const match = V8_FRAME.exec(line) ?? GECKO_FRAME.exec(line);
    if (!match) continue;
    frames.push({ fn: match[1] ?? "", url: match[2], line: Number(match[3]), column: Number(match[4]) });
    if (frames.length === MAX_FRAMES) break;
  }
  return frames;
}

/** A frame's place with no query or fragment: the path of a script of this site, else its origin and path. */
function placeOf(url: string): { path: string; own: boolean } {
  try {
    const parsed = new URL(url);
    const own = parsed.pathname.startsWith("/build/");
    return { path: scrubText(own ? parsed.pathname : `${parsed.origin === "null" ? parsed.protocol : parsed.origin}${parsed.pathname}`).slice(0, 300), own };
  } catch {
    return { path: scrubText(url.split(/[?#]/, 1)[0]).slice(0, 300), own: false };
  }
}

/**
 * The stack through the build's maps. A frame's function is named by its caller's place: the map
 * names the identifier a call site called, which is the called function's own name (the bundle's
 * names are minified). Only a report from this very build is resolved: another build's bundles have
 * other maps.
 */
async function resolveFrames(raw: RawFrame[], maps: SourceMaps, sameBuild: boolean): Promise<ErrorFrame[]> {
  const places = raw.map((frame) => placeOf(frame.url));
  const positions = await Promise.all(raw.map((frame, i) => (sameBuild && places[i].own ? maps.resolve(places[i].path, frame.line, frame.column) : null)));
  return raw.map((frame, i) => {
    const position = positions[i];
    const minified = scrubText(frame.fn).slice(0, 200);
    if (!position) return { fn: minified, file: places[i].path, line: frame.line, column: frame.column, resolved: false };
    const calledAs = positions[i + 1]?.name;
    return {
      fn: scrubText(calledAs ?? minified).slice(0, 200),
      file: position.source.slice(0, 300),
      line: position.line,
      column: position.column,
      resolved: true,
    };
  });
}

/**
 * The message with what varies between two occurrences of one error replaced: quoted values, ids
 * (hex runs, UUIDs) and numbers. "Cannot read properties of undefined (reading 'x')" keeps its words.
 */
export const normaliseMessage = (message: string) =>
  message
    .replace(/(["'`])(?:(?!\1).){0,200}\1/g, "<value>")
    .replace(/\b(?:0x[0-9a-f]+|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|(?=[0-9a-f]*\d)[0-9a-f]{6,})\b/gi, "<id>")
    .replace(/\d+/g, "<n>");

/**
 * Where the error is said to come from: the topmost frame of the app's own code (app/…), else the
 * topmost frame resolved to any source, as file and function, no line or column (an edit above it
 * moves them, and a bundle's columns change with every build). Unresolved, the bundle's path without
 * its content hash, and no function: minified names change with every build too.
 */
export function topFrameOf(frames: ErrorFrame[]): string {
  const resolved = frames.find((f) => f.resolved && f.file.startsWith("app/")) ?? frames.find((f) => f.resolved);
  if (resolved) return `${resolved.file} ${resolved.fn}`.trim();
  const first = frames[0];
  return first ? first.file.replace(/-[A-Z0-9]{8}\.js$/, ".js") : "";
}

export const fingerprintOf = (type: string, message: string, topFrame: string) =>
  createHash("sha256")
    .update(`${type}\n${normaliseMessage(message)}\n${topFrame}`)
    .digest("hex")
    .slice(0, 32);

/** Family and major version: enough to tell "only Safari 17"; the User-Agent itself is not kept. */
function browserOf(userAgent: string | undefined): string {
  const browser: { name?: string; version?: string } = userAgent ? Bowser.parse(userAgent).browser : {};
  const major = browser.version?.split(".")[0] ?? "";
  return `${browser.name ?? "Other"} ${/^\d{1,4}$/.test(major) ? major : ""}`.trim().slice(0, 60);
}

/** A path of the site's pages (its own route table, or the back office), else "": another path tells nothing and could be anything. */
function pageOf(path: string): string {
  const clean = scrubText(path.split(/[?#]/, 1)[0]).slice(0, 300);
  const route = routeAtUrlPath(clean);
  return (route && route.route.kind !== "not-found") || isAdminPath(clean) ? clean : "";
}

const StoredSchema = itemOf(z.object({ stored: z.boolean() }));

export interface BrowserErrors {
  /** Scrubs, resolves, fingerprints and hands one page's report to the API. */
  report(input: z.infer<typeof PageErrorReportSchema>, userAgent: string | undefined): Promise<BrowserErrorReport>;
}

export function createBrowserErrors({ api, maps }: { api: Pick<ApiClient, "postJson">; maps: SourceMaps }): BrowserErrors {
  return {
    async report(input, userAgent) {
      const release = RELEASE.test(input.release) ? input.release : (maps.release ?? "00000000");
      const frames = await resolveFrames(parseStack(input.stack), maps, release === maps.release);
      const type = scrubText(input.type).slice(0, 100) || "Error";
      const message = scrubText(input.message).slice(0, 1000);
      const topFrame = topFrameOf(frames);
      const report: BrowserErrorReport = {
        fingerprint: fingerprintOf(type, message, topFrame),
        source: input.source,
        type,
        message,
        topFrame,
        frames,
        release,
        browser: browserOf(userAgent),
        page: pageOf(input.page),
      };
      await api.postJson("analytics/errors", report, StoredSchema);
      return report;
    },
  };
}
