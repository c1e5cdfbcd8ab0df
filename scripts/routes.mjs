// npm run routes: every URL pattern the site answers, and the route module that serves it, one a line.
// Remix's own `remix routes --json` (its documented CLI) gives the route tree as remix.config.js
// defines it; this prints each route's full path from the root instead of the nested tree.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";

// The `remix` command, as npm puts it on the path: the bin of @remix-run/dev.
const manifest = createRequire(import.meta.url).resolve("@remix-run/dev/package.json");
const remix = join(dirname(manifest), JSON.parse(readFileSync(manifest, "utf8")).bin.remix);
// stderr is Vite's deprecation notice on every run: shown only if the command fails.
const tree = JSON.parse(
  execFileSync(process.execPath, [remix, "routes", "--json"], { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"], maxBuffer: 16 * 1024 * 1024 }),
);

/** @type {[string, string][]} */
const rows = [];
/** @param {{ path?: string, index?: boolean, file: string, children?: unknown[] }[]} routes @param {string} base */
function walk(routes, base) {
  for (const route of routes) {
    const url = route.path ? `${base.replace(/\/$/, "")}/${route.path}` : base;
    // Layouts (the root, /admin) are listed too: a URL runs their loaders as well as its page's.
    rows.push([url || "/", `app/${route.file}`]);
    if (route.children) walk(/** @type {typeof routes} */ (route.children), url);
  }
}
walk(tree, "");
const width = Math.max(...rows.map(([url]) => url.length));
for (const [url, file] of rows) console.log(`${url.padEnd(width)}  →  ${file}`);
