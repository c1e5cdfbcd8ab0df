// Bundles the entry points that run outside Remix. Dependencies stay external (better-sqlite3 is native).
//   build/server.js           the site's server (what the Docker image runs);
//   build/admin.js            staff accounts from the command line (`npm run admin`);
//   backend/build/index.js    the stand-in backend, loaded by server.js only with EMBEDDED_BACKEND=1;
//   backend/build/main.js     the stand-in on its own (`npm run backend`);
//   backend/build/leads.js    prints the leads it stored (`npm run leads`).
// The stand-in is a separate output so that the site's bundle, and the image, never carry it.
import { build } from "esbuild";

const common = { bundle: true, platform: "node", format: "esm", target: "node20", packages: "external", logLevel: "info" };
await build({ ...common, entryPoints: { server: "server.ts", admin: "scripts/admin-cli.ts" }, outdir: "build" });
await build({ ...common, entryPoints: { index: "backend/index.ts", main: "backend/main.ts", leads: "backend/leads.ts" }, outdir: "backend/build" });
