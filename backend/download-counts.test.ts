import { afterAll, beforeAll, expect, test } from "vitest";
import { adminEndpoints } from "../app/lib/platform/api/admin-contract";
import { clinicToday } from "../app/lib/admin/clinic-day";
import { OWNER, staffBackend, type StaffBackend } from "../tests/support/staff";

// Counted downloads at the API (ADR 052): what the site posts, what the back office reads, how long it is kept.
let env: StaffBackend;

beforeAll(async () => {
  env = await staffBackend({ analytics: { retentionMonths: 13 } });
});
afterAll(() => env?.close());

const count = (body: unknown) => env.call("POST", "/api/analytics/downloads", { body });
async function figures(day: string) {
  const owner = (await env.session(OWNER.email)).accessToken;
  const answer = await env.call("GET", `/api/admin/analytics/downloads?from=${day}&to=${day}`, { token: owner });
  expect(answer.status).toBe(200);
  return adminEndpoints.downloadFigures.response.parse(answer.body).result;
}

test("a count without a visitor id is a bare count; with one, the visitor is counted once however often they download; junk is a 400", async () => {
  const day = clinicToday();
  for (const body of [
    { document: "explicit-consent", language: "tr" },
    { document: "explicit-consent", language: "tr", visitorId: "123.456" },
    { document: "explicit-consent", language: "tr", visitorId: "123.456" },
  ]) {
    expect((await count(body)).status).toBe(200);
  }
  for (const junk of [
    { document: "../etc", language: "tr" },
    { document: "x", language: "de" },
    { document: "x", language: "tr", visitorId: "a@b.c" },
    { document: "x", language: "tr", ip: "1.2.3.4" },
  ]) {
    expect((await count(junk)).status, JSON.stringify(junk)).toBe(400);
  }
  const { rows, withConsent, withoutConsent } = await figures(day);
  expect({ withConsent, withoutConsent }).toEqual({ withConsent: 2, withoutConsent: 1 });
  expect(rows).toEqual([expect.objectContaining({ document: "explicit-consent", language: "tr", withConsent: 2, withoutConsent: 1, visitors: 1 })]);
});

test("counts and visitor ids older than the retention are deleted", async () => {
  const day = clinicToday();
  expect((await figures(day)).rows).not.toEqual([]);
  // Fourteen months on, the next count clears the days past thirteen months.
  env.advance(14 * 31 * 86_400_000);
  expect((await count({ document: "data-protection-notice", language: "tr" })).status).toBe(200);
  expect(env.db.prepare("SELECT count(*) FROM download_counts WHERE day = ?").pluck().get(day)).toBe(0);
  expect(env.db.prepare("SELECT count(*) FROM download_week_visitors").pluck().get()).toBe(0);
  expect(env.db.prepare("SELECT count(*) FROM download_week_any").pluck().get()).toBe(0);
});
