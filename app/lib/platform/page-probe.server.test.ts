import { expect, test } from "vitest";
import { createPageProbe } from "~/lib/platform/page-probe.server";

const page =
  (status: number, body = "<!DOCTYPE html><html><body>Home</body></html>") =>
  async () =>
    new Response(body, { status });

test("a whole page answered 200 is a pass; an error page, a page cut short, a throw or a render past the limit is a fail", async () => {
  expect(await createPageProbe(page(200))()).toBe(true);
  // What a development build under NODE_ENV=production answered for every page.
  expect(await createPageProbe(page(500, "Unexpected Server Error"))()).toBe(false);
  expect(await createPageProbe(page(503))()).toBe(false);
  expect(await createPageProbe(page(200, "<!DOCTYPE html><html><body>Ho"))()).toBe(false);
  expect(
    await createPageProbe(async () => {
      throw new TypeError("jsxDEV is not a function");
    })(),
  ).toBe(false);
  // A render that never ends is told to stop, and the probe answers at its limit.
  let aborted = false;
  const stuck = createPageProbe(
    (signal) =>
      new Promise<Response>(() => {
        signal.addEventListener("abort", () => (aborted = true));
      }),
    { timeoutMs: 20 },
  );
  expect(await stuck()).toBe(false);
  expect(aborted).toBe(true);
});

test("one render at a time, its answer kept for a while, then a new one", async () => {
  let renders = 0;
  let status = 200;
  let clock = 0;
  const probe = createPageProbe(
    async () => {
      renders++;
      return page(status)();
    },
    { keptMs: 10_000, now: () => clock },
  );
  expect(await Promise.all([probe(), probe(), probe()])).toEqual([true, true, true]);
  expect(renders).toBe(1);
  status = 500;
  clock = 9_999;
  expect(await probe()).toBe(true);
  expect(renders).toBe(1);
  clock = 10_000;
  expect(await probe()).toBe(false);
  expect(renders).toBe(2);
});
