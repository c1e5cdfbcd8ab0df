import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { originalPositionFor, TraceMap } from "@jridgewell/trace-mapping";
import { LRUCache } from "lru-cache";

/**
 * The browser bundles' source maps, kept on the server only: scripts/keep-source-maps.mjs moves them
 * out of public/build into this folder at build time (ADR 051), with the build's release beside
 * them, so `/build/*.map` is a 404 like any missing file and the bundles name no map.
 */
export const SOURCE_MAPS_DIR = "build/browser-maps";

/** A bundle's path under /build: letters, digits, dashes and underscores in folders and names, nothing that climbs. */
const BUNDLE = /^\/build\/((?:[\w-]+\/)*[\w-]+\.js)$/;

export interface Position {
  source: string;
  line: number;
  column: number;
  /** The original identifier at this place (the callee of a call), when the map names one. */
  name: string | null;
}

export interface SourceMaps {
  /** The build whose maps these are (the Remix manifest's version), or null when the folder has none (a development build). */
  release: string | null;
  /** Where a place in a bundle (line 1-based, column 1-based as browsers give it) came from, or null. */
  resolve(bundlePath: string, line: number, column: number): Promise<Position | null>;
}

/**
 * Maps are read when a report needs one and a few are kept decoded: a map is megabytes once
 * decoded, and the process has its memory goal (ADR 051); most reports name the same two bundles.
 */
export async function loadSourceMaps(dir = SOURCE_MAPS_DIR): Promise<SourceMaps> {
  const release = await readFile(join(dir, "release.json"), "utf8").then(
    (text) => (JSON.parse(text) as { release: string }).release,
    () => null,
  );
  const maps = new LRUCache<string, Promise<TraceMap | null>>({ max: 4 });
  const mapOf = (file: string) => {
    let map = maps.get(file);
    if (!map) {
      map = readFile(join(dir, `${file}.map`), "utf8").then(
        (text) => new TraceMap(text),
        () => null,
      );
      maps.set(file, map);
    }
    return map;
  };
  return {
    release,
    async resolve(bundlePath, line, column) {
      const file = BUNDLE.exec(bundlePath)?.[1];
      if (!release || !file || line < 1 || column < 1) return null;
      const map = await mapOf(file);
      if (!map) return null;
      const found = originalPositionFor(map, { line, column: column - 1 });
      if (found.source === null) return null;
      return { source: found.source, line: found.line, column: found.column + 1, name: found.name };
    },
  };
}
