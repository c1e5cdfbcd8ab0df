import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) } },
  test: {
    include: ["app/**/*.test.{ts,tsx}", "tests/unit/**/*.test.ts", "backend/**/*.test.ts", "tests/integration/**/*.test.ts"],
    environment: "node",
    // Modules that read the configuration at import see what `npm start` gives: the stand-in backend allowed.
    env: { EMBEDDED_BACKEND: "1" },
    testTimeout: 120_000,
    // Vitest's default on a 2-core machine is one file at a time, while most integration files wait
    // on processes, backoffs and sockets: two at a time took the suite from 163 s to 116 s. The
    // attack run still goes alone afterwards (scripts/test-all).
    maxWorkers: 2,
    minWorkers: 1,
  },
});
