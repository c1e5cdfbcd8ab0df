import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) } },
  test: {
    include: ["app/**/*.test.{ts,tsx}", "tests/unit/**/*.test.ts", "backend/**/*.test.ts", "tests/integration/**/*.test.ts"],
    environment: "node",
    testTimeout: 120_000,
  },
});
