// Bundles the entry points that run outside Remix: the site's server, the standalone backend and
// the leads reader. Dependencies stay external (better-sqlite3 is native).
import { build } from "esbuild";

await build({
  entryPoints: { server: "server.ts", backend: "backend/main.ts", leads: "backend/leads.ts" },
  outdir: "build",
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  logLevel: "info",
});
