import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { ContactFormPayload } from "../app/lib/platform/api/contract";
import { OWNER, staffBackend, type StaffBackend } from "../tests/support/staff";

let env: StaffBackend;
let ids: Record<string, number>;
beforeAll(async () => {
  env = await staffBackend();
  ids = env.addUsers([
    { email: "coord-a@remed.test", role: "coordinator" },
    { email: "coord-b@remed.test", role: "coordinator" },
    { email: "gone@remed.test", role: "coordinator", disabled: true },
  ]);
});
afterAll(() => env.close());

const offer: ContactFormPayload = {
  projectId: 2,
  notificationSourceId: 3,
  languageCode: "ru",
  formType: "offer",
  source: "website",
  name: "Ольга Иванова",
  email: "olga@example.org",
  message: "Hello",
  privacyConsent: true,
};

/** Delivers a lead as the outbox does, under a fresh Idempotency-Key, and returns the key. */
async function delivered() {
  const key = crypto.randomUUID();
  await env.api.post("contactForm", { lang: "ru", payload: offer, idempotencyKey: key });
  return key;
}
const alertFor = async (idempotencyKey: string) => (await env.call("POST", "/api/leadAlerts", { body: { idempotencyKey } })).body.result;

describe("lead alerts (issue 41)", () => {
  test("by turns, each lead goes to the next enabled coordinator; asked again, the same one (the turn moves once); never patient data", async () => {
    const owner = (await env.session(OWNER.email)).accessToken;
    expect((await env.call("PUT", "/api/admin/alert-settings", { token: owner, body: { mode: "turns" } })).status).toBe(200);
    const keys = [await delivered(), await delivered(), await delivered()];
    const told = [];
    for (const key of keys) told.push((await alertFor(key)).recipients.map((r: { id: number }) => r.id));
    expect(told[0]).toHaveLength(1);
    expect(told[1][0]).not.toBe(told[0][0]);
    expect(told[2]).toEqual(told[0]);
    expect([...told[0], ...told[1]].sort()).toEqual([ids["coord-a@remed.test"], ids["coord-b@remed.test"]].sort());
    const again = await alertFor(keys[0]);
    expect(again.recipients.map((r: { id: number }) => r.id)).toEqual(told[0]);
    expect(again.lead).toMatchObject({ kind: "offer", language: "ru" });
    expect(JSON.stringify(again)).not.toMatch(/Ольга|olga@/);

    await env.call("PUT", "/api/admin/alert-settings", { token: owner, body: { mode: "all" } });
    expect((await alertFor(await delivered())).recipients).toHaveLength(2);
  });
});

describe("password-reset links (issue 41)", () => {
  const request = async (email: string) => (await env.call("POST", "/api/auth/password-resets", { body: { email } })).body.result.mail;
  const use = (token: string, password: string) => env.call("POST", "/api/auth/password-resets/use", { body: { token, password } });

  test("only a staff member's address gets a token; it works once, after a refused password too, and the new password signs in", async () => {
    expect(await request("nobody@remed.test")).toBeNull();
    expect(await request("gone@remed.test")).toBeNull();
    const mail = await request("COORD-A@remed.test");
    expect(mail).toMatchObject({ email: "coord-a@remed.test", language: "en" });
    const refused = await use(mail.token, "short");
    expect(refused.status).toBe(400);
    expect(refused.body.errors[0].field).toBe("password");
    expect((await use(mail.token, "a-brand-new-password")).status).toBe(204);
    expect((await env.login("coord-a@remed.test", "a-brand-new-password")).status).toBe(200);
    const again = await use(mail.token, "another-new-password");
    expect(again.status).toBe(400);
    expect(again.body.errors[0].message).toBe("invalid_reset_link");
  });

  test("a link is dead after 30 minutes", async () => {
    const mail = await request("coord-b@remed.test");
    env.advance(31 * 60_000);
    expect((await use(mail.token, "a-brand-new-password")).body.errors[0].message).toBe("invalid_reset_link");
  });
});
