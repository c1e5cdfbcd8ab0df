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
  const api = { API_URL: "https://api.example.org", CLIENT_ID: "site", CLIENT_SECRET: "secret" };
  // Instances of an external API share one VAPID pair (ADR 058): none, or one of three, is refused.
  expect(() => parse(api)).toThrow(/^Invalid environment variable VAPID_PUBLIC_KEY: is required when API_URL is set/);
  expect(() => parse({ ...api, VAPID_SUBJECT: "mailto:push@example.org" })).toThrow(/VAPID_PUBLIC_KEY: is required with the other VAPID_ settings/);
  const vapid = { VAPID_PUBLIC_KEY: "B".repeat(87), VAPID_PRIVATE_KEY: "p".repeat(43), VAPID_SUBJECT: "mailto:push@example.org" };
  expect(parse({ ...api, ...vapid })).toMatchObject({ EMBEDDED_BACKEND: false });
});

test("instances sharing a queue or Redis must share FORM_SECRET: without it the process says so in one line, never echoing a URL's password", () => {
  const shared = { EMBEDDED_BACKEND: "1", OUTBOX_DATABASE_URL: "postgres://site:pg-pass-123@db:5432/site" };
  expect(() => parse(shared)).toThrow(/^Invalid environment variable FORM_SECRET: is required when OUTBOX_DATABASE_URL or REDIS_URL is set/);
  expect(() => parse({ EMBEDDED_BACKEND: "1", REDIS_URL: "rediss://:redis-pass-123@cache:6380" })).toThrow(/FORM_SECRET/);
  expect(parse({ ...shared, REDIS_URL: "rediss://:redis-pass-123@cache:6380", FORM_SECRET: "s".repeat(32) })).toMatchObject({ REDIS_PREFIX: "istanbul-care:" });
  const bad: Record<string, string>[] = [{ OUTBOX_DATABASE_URL: "mysql://u:pg-pass-123@db/site" }, { REDIS_URL: "http://:redis-pass-123@cache" }];
  for (const variable of bad) {
    let message = "";
    try {
      parse({ EMBEDDED_BACKEND: "1", FORM_SECRET: "s".repeat(32), ...variable });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/^Invalid environment variable (OUTBOX_DATABASE_URL|REDIS_URL): must be a/);
    expect(message).not.toMatch(/pass-123/);
  }
});
