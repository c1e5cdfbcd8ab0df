import { expect, test } from "vitest";
import { MAX_PHOTO_BYTES } from "~/lib/forms/choices";
import { BODY_PACE } from "./read-body.server";
import { serverTimeouts } from "./timeouts.server";

// ADR 029: a phone on a weak connection sends a photo at tens of KB/s. hostile-requests.test.ts
// sends one at 50 KB/s for 24 s, past every pace limit, over HTTP; what it cannot wait for is the
// whole request's timeout (server.ts gives these options to createServer), which must leave the
// largest photo the form takes the time it needs at that pace (102 s), with its other fields.
test("the request timeout lets the largest photo through at 50 KB/s, a pace the body's limits accept", () => {
  const PACE = 50 * 1024;
  expect(PACE).toBeGreaterThan(BODY_PACE.minBytesPerSecond);
  expect(((MAX_PHOTO_BYTES + 16 * 1024) / PACE) * 1000).toBeLessThan(serverTimeouts.requestTimeout);
});
