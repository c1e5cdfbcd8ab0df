// Takes the source maps `remix build --sourcemap` wrote beside the browser bundles out of public/build
// into build/browser-maps, where only the server reads them (ADR 051): browser error reports are
// resolved through them, and they are never served (`/build/*.map` is a 404 like any missing file).
// The bundles lose their `sourceMappingURL` comment, so no browser asks for a map. Each map keeps
// only what resolving needs: its sources as paths from the project's root (app/root.tsx), without
// their contents. Runs after compile-hints.mjs, whose hint line shifts a hinted script down by one
// line: that script's map gets an empty first line to match. The build's release (the Remix
// manifest's version) is written beside the maps.
import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import { dirname, join, relative, resolve } from "node:path";
import { ASSETS_ROOT as ROOT, assetFiles } from "./build-assets.mjs";

const OUT = "build/browser-maps";
// compile-hints.mjs's hint, as it puts it at the top of a script.
const HINT = "//# allFunctionsCalledOnLoad\n";
const MAP_COMMENT = /\n?\/[/*]# sourceMappingURL=[^\n]*\s*$/;

await rm(OUT, { recursive: true, force: true });
const [manifest] = await assetFiles(/^manifest-[0-9A-F]+\.js$/);
if (!manifest) throw new Error(`no Remix manifest in ${ROOT}: run "remix build" first`);
const release = /manifest-([0-9A-F]+)\.js$/.exec(manifest)[1].toLowerCase();

const maps = await assetFiles(/\.map$/);
for (const file of maps) {
  const map = JSON.parse(await readFile(file, "utf8"));
  const bundle = file.slice(0, -".map".length);
  const from = resolve(dirname(file), map.sourceRoot ?? "");
  map.sources = map.sources.map((source) => relative(process.cwd(), resolve(from, source)));
  delete map.sourceRoot;
  delete map.sourcesContent;
  const code = await readFile(bundle, "utf8").catch(() => null);
  if (code !== null) {
    if (code.startsWith(HINT)) map.mappings = `;${map.mappings}`;
    await writeFile(bundle, code.replace(MAP_COMMENT, "\n"));
  }
  const target = join(OUT, relative(ROOT, file));
  await mkdir(dirname(target), { recursive: true });
  await writeFile(target, JSON.stringify(map));
  await rm(file);
}
await mkdir(OUT, { recursive: true });
await writeFile(join(OUT, "release.json"), JSON.stringify({ release }));
console.log(`${maps.length} source maps of release ${release} moved from ${ROOT} to ${OUT} (server only)`);
