import { afterAll, beforeAll, expect, test } from "vitest";
import { OWNER, staffBackend, type StaffBackend } from "../tests/support/staff";

let env: StaffBackend;
let ids: Record<string, number>;

beforeAll(async () => {
  env = await staffBackend();
  ids = env.addUsers([
    { email: "cem@remed.test", role: "coordinator", name: "Cem" },
    { email: "ece@remed.test", role: "coordinator", name: "Ece" },
  ]);
  const insert = env.db.prepare(
    "INSERT INTO leads (kind, received_at, payload, status, assignee_id, first_answer_at, entered_by) VALUES ('contactForm', ?, ?, ?, ?, ?, ?)",
  );
  const history = env.db.prepare("INSERT INTO lead_history (lead_id, at, field, before, after) VALUES (?, ?, 'status', ?, ?)");
  const lead = (
    at: string,
    status: string,
    country: string,
    by: string | null,
    answerMinutes: number | null,
    extra: object = {},
    entered: number | null = null,
  ) =>
    Number(
      insert.run(
        at,
        JSON.stringify({ formType: "offer", languageCode: country === "TR" ? "tr" : "en", countryCode: country, treatmentId: 7, ...extra }),
        status,
        by && ids[by],
        answerMinutes === null ? null : new Date(Date.parse(at) + answerMinutes * 60_000).toISOString(),
        entered,
      ).lastInsertRowid,
    );
  lead("2026-03-02T09:00:00.000Z", "new", "DE", null, null);
  lead("2026-03-03T09:00:00.000Z", "contacted", "DE", "cem@remed.test", 10);
  lead("2026-03-04T09:00:00.000Z", "offer_sent", "TR", "cem@remed.test", 30);
  lead("2026-03-10T09:00:00.000Z", "treated", "TR", "ece@remed.test", 50);
  // Lost after booking: it was a patient, and the funnel counts every stage it passed.
  const lost = lead("2026-03-11T09:00:00.000Z", "lost", "GB", "ece@remed.test", 70, { source: "phone" }, 1);
  history.run(lost, "2026-03-12T09:00:00.000Z", "new", "booked");
  history.run(lost, "2026-03-13T09:00:00.000Z", "booked", "lost");
  lead("2026-03-05T09:00:00.000Z", "spam", "DE", null, 1);
  lead("2026-04-20T09:00:00.000Z", "booked", "DE", null, 1);
  // 01:30 in Istanbul on 1 May and on 1 June: the clinic's days, not UTC's 30 April and 31 May.
  lead("2026-04-30T22:30:00.000Z", "new", "FR", null, null);
  lead("2026-05-31T22:30:00.000Z", "new", "FR", null, null);
});
afterAll(() => env.close());

const figures = async (query: string) => env.call("GET", `/api/admin/analytics/customers?${query}`, { token: (await env.session(OWNER.email)).accessToken });

test("a period's leads, patients, funnel, median first answer and groups, spam and other periods left out", async () => {
  const answer = await figures("from=2026-03-01&to=2026-03-31");
  expect(answer.status).toBe(200);
  const r = answer.body.result;
  expect(r).toMatchObject({ leads: 5, patients: 2, medianFirstAnswerMinutes: 40 });
  expect(r.weeks).toEqual([
    { week: "2026-03-02", leads: 3, patients: 0 },
    { week: "2026-03-09", leads: 2, patients: 2 },
  ]);
  expect(r.funnel.map((s: { count: number }) => s.count)).toEqual([5, 4, 3, 2, 1]);
  expect(r.byCoordinator).toContainEqual({ key: "Ece", leads: 2, patients: 2, medianFirstAnswerMinutes: 60 });
  expect(r.byCountry).toContainEqual({ key: "TR", leads: 2, patients: 1, medianFirstAnswerMinutes: 40 });
  expect(r.handEnteredBySource).toEqual([{ source: "phone", count: 1 }]);
});

test("days and weeks are the clinic's (Istanbul): a lead at 01:30 there belongs to that day and its week", async () => {
  const r = (await figures("from=2026-05-01&to=2026-05-31")).body.result;
  expect(r.leads).toBe(1);
  // Friday 1 May 2026 is in the week of Monday 27 April.
  expect(r.weeks).toEqual([{ week: "2026-04-27", leads: 1, patients: 0 }]);
});

test("a period that is reversed, malformed or longer than a year is refused", async () => {
  for (const q of ["from=2026-03-31&to=2026-03-01", "from=2026-3-1&to=2026-03-31", "from=2024-01-01&to=2026-03-31"]) {
    expect((await figures(q)).status, q).toBe(400);
  }
  const coordinator = await env.call("GET", "/api/admin/analytics/customers?from=2026-03-01&to=2026-03-31", {
    token: (await env.session("cem@remed.test")).accessToken,
  });
  expect(coordinator.status).toBe(403);
});
