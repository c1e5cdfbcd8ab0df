// Bundles the entry points that run outside Remix, and writes the site's start file. Dependencies
// stay external (better-sqlite3 is native).
//   build/server.js           starts the site (what the Docker image runs): server.ts is compiled by
//                             `remix build` with the app into build/index.js (remix.config.js `server`,
//                             ADR 034), which starts nothing when imported;
//   build/admin.js            staff accounts from the command line (`npm run admin`);
//   backend/build/index.js    the stand-in backend, loaded by the site only with EMBEDDED_BACKEND=1;
//   backend/build/main.js     the stand-in on its own (`npm run backend`);
//   backend/build/leads.js    prints the leads it stored (`npm run leads`).
// The stand-in is a separate output so that the site's bundle, and the image, never carry it.
import { mkdir, writeFile } from "node:fs/promises";
import { build } from "esbuild";

const common = { bundle: true, platform: "node", format: "esm", target: "node20", packages: "external", logLevel: "info" };
await mkdir("build", { recursive: true });
await writeFile(
  "build/server.js",
  '// Starts the site: server.ts, compiled with the app into index.js.\nimport { startSite } from "./index.js";\n\nawait startSite();\n',
);
await build({ ...common, entryPoints: { admin: "scripts/admin-cli.ts" }, outdir: "build" });
await build({ ...common, entryPoints: { index: "backend/index.ts", main: "backend/main.ts", leads: "backend/leads.ts" }, outdir: "backend/build" });
