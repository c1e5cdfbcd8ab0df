// A bare Remix page, built with the same compiler and served by the same express + compression
// stack, so the site's pages can be compared with what Remix itself costs on this machine.
import { execFileSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";

export function buildBareApp(dir) {
  mkdirSync(join(dir, "app", "routes"), { recursive: true });
  const files = {
    // Remix reads the runtime from the dependencies; they resolve from the project's node_modules.
    "package.json": JSON.stringify({
      name: "bare",
      private: true,
      type: "module",
      dependencies: { "@remix-run/node": "*", "@remix-run/react": "*", react: "*", "react-dom": "*" },
    }),
    "remix.config.js": `export default { serverModuleFormat: "esm", future: { v3_fetcherPersist: true, v3_lazyRouteDiscovery: true, v3_relativeSplatPath: true, v3_throwAbortReason: true } };`,
    "app/root.tsx": `import { Links, Meta, Outlet, Scripts } from "@remix-run/react";
export default function App() {
  return (<html lang="en"><head><meta charSet="utf-8" /><Meta /><Links /></head><body><Outlet /><Scripts /></body></html>);
}`,
    "app/routes/_index.tsx": `export default function Index() { return <h1>Hello</h1>; }`,
    "server.mjs": `import { createRequestHandler } from "@remix-run/express";
import compression from "compression";
import express from "express";
const build = await import("./build/index.js");
const app = express();
app.use(compression());
app.use("/build", express.static("public/build", { immutable: true, maxAge: "1y" }));
app.all("*", createRequestHandler({ build, mode: "production" }));
app.listen(Number(process.env.PORT), "127.0.0.1", () => console.log("bare ready"));`,
  };
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  // The compiler's declared bin (npm links it into node_modules/.bin), not a path inside its dist/.
  execFileSync(process.execPath, [join(process.cwd(), "node_modules/.bin/remix"), "build"], {
    cwd: dir,
    stdio: "ignore",
    env: { ...process.env, NODE_ENV: "production" },
  });
}
