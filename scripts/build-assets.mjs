// The files the Remix compiler put in public/build, for the steps that finish them after it
// (compile-hints.mjs, then precompress.mjs).
import { readdir } from "node:fs/promises";
import { join } from "node:path";

export const ASSETS_ROOT = "public/build";

/** Paths of the files under public/build whose names match `pattern`. */
export async function assetFiles(pattern) {
  const entries = await readdir(ASSETS_ROOT, { withFileTypes: true, recursive: true });
  return entries.filter((e) => e.isFile() && pattern.test(e.name)).map((e) => join(e.parentPath ?? e.path, e.name));
}
