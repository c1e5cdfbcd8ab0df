import { expect, test } from "vitest";
import { parseEnv } from "~/lib/env.server";

test("a bad variable is named in one line", () => {
  expect(() => parseEnv({ PORT: "http" } as unknown as NodeJS.ProcessEnv)).toThrow(/^Invalid environment variable PORT:/);
  expect(() => parseEnv({ GA_MEASUREMENT_ID: "UA-1" } as unknown as NodeJS.ProcessEnv)).toThrow(/GA_MEASUREMENT_ID/);
});

test("defaults need no environment at all", () => {
  expect(parseEnv({} as unknown as NodeJS.ProcessEnv)).toMatchObject({ PORT: 3000, NODE_ENV: "development" });
});
