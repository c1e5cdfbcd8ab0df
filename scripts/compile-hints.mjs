// Puts V8's explicit compile hint (`//# allFunctionsCalledOnLoad`, Chrome 136 and later) at the top
// of every script the Remix compiler put in public/build, before scripts/precompress.mjs compresses
// them. Why: V8 compiles a function lazily, the first time it runs. React DOM's module is one
// function holding all of React DOM, so the first run compiled it on the main thread, in the same
// task that evaluates the page's modules: 180 to 340 ms on the offer form at Lighthouse's 4× CPU
// slowdown. With the hint, V8 compiles every function of the file while the file streams in, off the
// main thread, and that task took 70 to 165 ms (ADR 022). Almost every function in these files runs
// when the page hydrates, so little is compiled for nothing. Browsers without the hint read a comment.
import { readdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";

const ROOT = "public/build";
const HINT = "//# allFunctionsCalledOnLoad\n";

const entries = await readdir(ROOT, { withFileTypes: true, recursive: true });
const scripts = entries.filter((e) => e.isFile() && e.name.endsWith(".js")).map((e) => join(e.parentPath ?? e.path, e.name));
let hinted = 0;
for (const file of scripts) {
  const text = await readFile(file, "utf8");
  // A second run over the same build (the file names carry the hash of their content) adds nothing.
  if (text.startsWith(HINT)) continue;
  await writeFile(file, HINT + text);
  hinted++;
}
console.log(`compile hint added to ${hinted} of ${scripts.length} scripts in ${ROOT}`);
