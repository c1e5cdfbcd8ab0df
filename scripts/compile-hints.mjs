// Puts V8's explicit compile hint (`//# allFunctionsCalledOnLoad`, Chrome 136 and later) at the top
// of the large scripts the Remix compiler put in public/build, before scripts/precompress.mjs
// compresses them (ADR 022). Why: V8 compiles a function lazily, the first time it runs. React DOM's
// module is one function holding all of React DOM, so its first run compiled it on the main thread,
// in the task that evaluates the page's modules: 160 to 420 ms on the offer form at Lighthouse's
// 4× CPU slowdown. With the hint, V8 compiles the file's functions while the file streams in.
// Only files over 100 KB: hinting every script made that task longer than hinting these alone
// (106 to 165 ms against 55 to 99), as the small files' unused functions were compiled for nothing.
// Browsers without the hint read a comment.
import { readFile, writeFile } from "node:fs/promises";
import { ASSETS_ROOT as ROOT, assetFiles } from "./build-assets.mjs";

const HINT = "//# allFunctionsCalledOnLoad\n";
const MIN_BYTES = 100 * 1024;

const scripts = await assetFiles(/\.js$/);
const hinted = [];
for (const file of scripts) {
  const text = await readFile(file, "utf8");
  // A second run over the same build (the file names carry the hash of their content) adds nothing.
  if (text.length < MIN_BYTES || text.startsWith(HINT)) continue;
  await writeFile(file, HINT + text);
  hinted.push(file.slice(ROOT.length + 1));
}
console.log(`compile hint added to ${hinted.length} of ${scripts.length} scripts in ${ROOT}: ${hinted.join(", ")}`);
