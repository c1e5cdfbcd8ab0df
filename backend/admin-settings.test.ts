import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { adminEndpoints, SettingsSchema, type Settings } from "../app/lib/platform/api/admin-contract";
import { siteConfig } from "../app/site-config";
import { OWNER, staffBackend, type StaffBackend } from "../tests/support/staff";

let env: StaffBackend;
beforeAll(async () => {
  env = await staffBackend();
  env.addUsers([
    { email: "coord@remed.test", role: "coordinator" },
    { email: "viewer@remed.test", role: "viewer" },
  ]);
});
afterAll(() => env.close());

const token = (email: string) => env.session(email).then((s) => s.accessToken);

describe("settings", () => {
  test("start from the site's details and are public with the client token", async () => {
    const answer = await env.call("GET", "/api/settings");
    expect(answer.status).toBe(200);
    const settings = SettingsSchema.parse(answer.body.result);
    expect(settings).toEqual({
      phone: siteConfig.phone,
      email: siteConfig.email,
      address: siteConfig.address,
      whatsapp: {
        en: siteConfig.whatsapp.default,
        tr: siteConfig.whatsapp.default,
        fr: siteConfig.whatsapp.default,
        ru: siteConfig.whatsapp.ru,
        ar: siteConfig.whatsapp.ar,
      },
      portalUrl: siteConfig.portalUrl,
      social: {
        facebook: "https://www.facebook.com/remedistanbul",
        instagram: "https://www.instagram.com/remedistanbul",
        youtube: "https://www.youtube.com/@remedistanbul",
        linkedin: "https://www.linkedin.com/company/remedistanbul",
      },
    });
    expect((await env.call("GET", "/api/settings", { token: null })).status).toBe(401);
  });

  test("an owner changes them whole; the public answer follows; the change is audited", async () => {
    const owner = await token(OWNER.email);
    const before = (await env.call("GET", "/api/admin/settings", { token: owner })).body.result as Settings;
    const next: Settings = {
      ...before,
      phone: "+90 212 555 00 00",
      whatsapp: { ...before.whatsapp, ru: "+7 700 000 00 00" },
      social: { ...before.social, youtube: "" },
    };
    const put = await env.call("PUT", "/api/admin/settings", { token: owner, body: next });
    expect(put.status).toBe(200);
    expect(adminEndpoints.settings.response.parse(put.body).result).toEqual(next);
    expect((await env.call("GET", "/api/settings")).body.result).toEqual(next);
    expect(env.audit("settings.update").at(-1)).toMatchObject({ actor_email: OWNER.email, target: "settings", detail: "phone, whatsapp.ru, social.youtube" });

    const invalid = await env.call("PUT", "/api/admin/settings", { token: owner, body: { ...next, portalUrl: "not a url" } });
    expect(invalid.status).toBe(400);
    expect(invalid.body.errors[0].field).toBe("portalUrl");
    const partial = await env.call("PUT", "/api/admin/settings", { token: owner, body: { phone: "+90 212 000 00 00" } });
    expect(partial.status).toBe(400);
    expect((await env.call("GET", "/api/settings")).body.result).toEqual(next);
  });

  test("a viewer reads but cannot write; a coordinator does neither", async () => {
    const [viewer, coordinator] = await Promise.all([token("viewer@remed.test"), token("coord@remed.test")]);
    const current = await env.call("GET", "/api/admin/settings", { token: viewer });
    expect(current.status).toBe(200);
    expect((await env.call("PUT", "/api/admin/settings", { token: viewer, body: current.body.result })).status).toBe(403);
    expect((await env.call("GET", "/api/admin/settings", { token: coordinator })).status).toBe(403);
    expect((await env.call("PUT", "/api/admin/settings", { token: coordinator, body: current.body.result })).status).toBe(403);
  });
});

describe("the audit log", () => {
  test("lists sign-ins and writes newest first, with who, and pages; read:audit only", async () => {
    const owner = await token(OWNER.email);
    expect((await env.call("GET", "/api/admin/audit", { token: await token("viewer@remed.test") })).status).toBe(403);
    const answer = await env.call("GET", "/api/admin/audit?pageSize=100", { token: owner });
    expect(answer.status).toBe(200);
    const { result } = adminEndpoints.audit.response.parse(answer.body);
    const ids = result.data.map((e) => e.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const actions = result.data.map((e) => e.action);
    expect(actions).toContain("sign-in");
    expect(actions).toContain("settings.update");
    expect(actions.at(-1)).toBe("user.create");
    expect(result.data.at(-1)).toMatchObject({ actor: null, target: "user:1" });
    expect(result.data.find((e) => e.action === "settings.update")!.actor).toEqual({ id: 1, email: OWNER.email, name: "owner" });
    const page = await env.call("GET", "/api/admin/audit?pageIndex=2&pageSize=2", { token: owner });
    expect(page.body.result).toMatchObject({ totalCount: result.totalCount, pageIndex: 2, pageSize: 2 });
    expect(page.body.result.data.map((e: { id: number }) => e.id)).toEqual(ids.slice(2, 4));
  });

  test("filters by who, by a group of actions and by time; what it cannot read is refused", async () => {
    const owner = await token(OWNER.email);
    const read = async (query: string) =>
      adminEndpoints.audit.response.parse((await env.call("GET", `/api/admin/audit?pageSize=1000&${query}`, { token: owner })).body).result;
    const all = await read("");
    const mine = await read("actorId=1");
    expect(mine.data.length).toBeGreaterThan(0);
    expect(mine.data.every((e) => e.actor?.id === 1)).toBe(true);
    expect(mine.totalCount).toBe(all.data.filter((e) => e.actor?.id === 1).length);
    const signIns = await read("action=sign-in");
    expect(new Set(signIns.data.map((e) => e.action))).toEqual(new Set(all.data.filter((e) => e.action.startsWith("sign-in")).map((e) => e.action)));
    expect((await read("action=settings.")).data.map((e) => e.action)).toEqual(all.data.filter((e) => e.action === "settings.update").map((e) => e.action));
    // The settings change wrote its facts: the fields, as paths.
    expect(all.data.find((e) => e.action === "settings.update")!.facts).toMatchObject({ fields: expect.any(Array) });
    const newest = all.data[0].at;
    expect((await read(`since=${encodeURIComponent(newest)}`)).data.map((e) => e.id)).toEqual(all.data.filter((e) => e.at >= newest).map((e) => e.id));
    expect((await read(`before=${encodeURIComponent(all.data.at(-1)!.at)}`)).totalCount).toBe(0);
    for (const bad of ["action=%25", "actorId=x", "since=yesterday", "pageSize=1001"]) {
      expect((await env.call("GET", `/api/admin/audit?${bad}`, { token: owner })).status, bad).toBe(400);
    }
  });
});
