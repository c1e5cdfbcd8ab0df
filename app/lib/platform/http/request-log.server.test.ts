import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { Writable } from "node:stream";
import express from "express";
import { expect, test } from "vitest";
import { createLogger } from "~/lib/platform/logger.server";
import { requestLog } from "~/lib/platform/http/request-log.server";

test("a request's log line leaves out a search's words, which may be a patient's name or address (ADR 030)", async () => {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  const app = express();
  app.use(requestLog(createLogger(sink)));
  app.get("*", (_req, res) => res.send("ok"));
  const server = createServer(app);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  try {
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    await (await fetch(`${base}/admin/leads?status=new&q=ayse.yilmaz%40example.com&pageIndex=2`)).text();
    await (await fetch(`${base}/admin/leads.data?q=Ay%C5%9Fe+Y%C4%B1lmaz`)).text();
    await (await fetch(`${base}/en/blog?page=2`)).text();
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
  const urls = lines.map((line) => JSON.parse(line).req?.url).filter(Boolean);
  expect(urls).toEqual(["/admin/leads?status=new&q=[search]&pageIndex=2", "/admin/leads.data?q=[search]", "/en/blog?page=2"]);
  expect(lines.join("")).not.toMatch(/yilmaz|Y%C4%B1lmaz/i);
});
