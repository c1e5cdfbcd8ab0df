// `npm run dev` with the browser suite's environment (tests/support/e2e-env.mjs): its port, data
// folder, analytics double and relaxed limits. `npm run test:e2e:dev` starts it when nothing answers
// on that port; a developer can keep one running with `npm run dev:test` and rerun tests against it.
import { spawn } from "node:child_process";
import { E2E_DEV_PORT, e2eEnv } from "../tests/support/e2e-env.mjs";

const port = Number(process.env.E2E_PORT ?? E2E_DEV_PORT);
const child = spawn("npm", ["run", "dev"], { env: { ...process.env, ...e2eEnv({ port, dev: true }) }, stdio: "inherit" });
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => child.kill(signal));
child.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
