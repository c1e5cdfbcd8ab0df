import { expect, test } from "vitest";
import { redactUrl } from "~/lib/platform/shared/redact-url";

test("a connection URL's password never reaches a log line; host, port and database stay readable", () => {
  expect(redactUrl("postgres://site:s3cr3t@db:5432/site?sslmode=require")).toBe("postgres://site:***@db:5432/site?sslmode=require");
  expect(redactUrl("rediss://:s3cr3t@cache:6380/0")).toBe("rediss://:***@cache:6380/0");
  expect(redactUrl("postgres://db/site?password=s3cr3t")).not.toContain("s3cr3t");
  expect(redactUrl("not a url s3cr3t")).toBe("(not a URL)");
});
