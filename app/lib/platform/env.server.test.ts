import { expect, test } from "vitest";
import { parseEnv } from "~/lib/platform/env.server";

const parse = (env: Record<string, string>) => parseEnv(env as unknown as NodeJS.ProcessEnv);

test("a bad variable is named in one line", () => {
  expect(() => parse({ EMBEDDED_BACKEND: "1", PORT: "http" })).toThrow(/^Invalid environment variable PORT:/);
  expect(() => parse({ EMBEDDED_BACKEND: "1", GA_MEASUREMENT_ID: "UA-1" })).toThrow(/GA_MEASUREMENT_ID/);
});

test("the stand-in backend needs a permission: without API_URL the site does not start on demo content by accident", () => {
  expect(() => parse({})).toThrow(/^Invalid environment variable API_URL: is not set: .*EMBEDDED_BACKEND=1/);
  expect(() => parse({ EMBEDDED_BACKEND: "0" })).toThrow(/API_URL/);
  expect(() => parse({ EMBEDDED_BACKEND: "yes" })).toThrow(/^Invalid environment variable EMBEDDED_BACKEND/);
  expect(parse({ EMBEDDED_BACKEND: "1" })).toMatchObject({ PORT: 3000, NODE_ENV: "development", EMBEDDED_BACKEND: true });
  expect(parse({ API_URL: "https://api.example.org", CLIENT_ID: "site", CLIENT_SECRET: "secret" })).toMatchObject({ EMBEDDED_BACKEND: false });
});
