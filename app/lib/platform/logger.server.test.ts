import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { createLogger, requestContext } from "~/lib/platform/logger.server";

function capture() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      lines.push(JSON.parse(String(chunk)));
      done();
    },
  });
  return { lines, log: createLogger(stream) };
}

describe("logger", () => {
  it("writes JSON with the id of the request being served", async () => {
    const { lines, log } = capture();
    await requestContext.run({ requestId: "req-123" }, async () => {
      await Promise.resolve();
      log.info("inside");
    });
    log.info("outside");
    expect(lines[0]).toMatchObject({ msg: "inside", reqId: "req-123", level: 30 });
    expect(lines[1]).not.toHaveProperty("reqId");
  });

  it("redacts secrets wherever they sit", () => {
    const { lines, log } = capture();
    log.info({ req: { headers: { cookie: "a=b", authorization: "Bearer xyz" } }, config: { clientSecret: "s3cret" } }, "x");
    const text = JSON.stringify(lines[0]);
    expect(text).not.toContain("s3cret");
    expect(text).not.toContain("Bearer xyz");
    expect(text).not.toContain("a=b");
    expect(text).toContain("[redacted]");
  });
});
