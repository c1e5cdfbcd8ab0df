import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { adminEndpoints } from "../app/lib/platform/api/admin-contract";
import { endpoints } from "../app/lib/platform/api/contract";
import type { MenuDoc } from "../app/lib/platform/api/menus-contract";
import { defaultMenuDoc, type MenuTable } from "../app/lib/site/menu-shapes";
import table from "../app/route-table.json" with { type: "json" };
import { OWNER, staffBackend, type StaffBackend } from "../tests/support/staff";

let env: StaffBackend;
beforeAll(async () => {
  env = await staffBackend();
  env.addUsers([{ email: "coord@remed.test", role: "coordinator" }]);
});
afterAll(() => env.close());

const token = (email: string) => env.session(email).then((s) => s.accessToken);

describe("menus (ADR 062)", () => {
  test("a draft keeps to the route table's shapes in its language; publishing makes it public, withdrawing brings the default back", async () => {
    const owner = await token(OWNER.email);
    const fr = defaultMenuDoc(table as unknown as MenuTable, "fr");
    const put = (body: unknown, lang = "fr") => env.call("PUT", `/api/admin/menus/${lang}/draft`, { token: owner, body });
    // Career has no French page; a group of another menu; a javascript: address; a coordinator.
    const withPage = (page: string): MenuDoc => ({ ...fr, header: [...fr.header, { type: "page", page }] });
    expect((await put(withPage("career"))).status).toBe(422);
    expect((await put({ ...fr, footer: [{ type: "group", group: "menu.about", items: [] }] })).status).toBe(422);
    expect((await put({ ...fr, header: [...fr.header, { type: "url", url: "javascript:alert(1)", label: "x", rel: [], newTab: false }] })).status).toBe(400);
    expect((await put(fr, "xx")).status).toBe(404);
    const coordinator = await token("coord@remed.test");
    expect((await env.call("PUT", "/api/admin/menus/fr/draft", { token: coordinator, body: fr })).status).toBe(403);
    expect((await env.call("POST", "/api/admin/menus/fr/publish", { token: owner })).status).toBe(409);

    const edited: MenuDoc = {
      ...fr,
      header: [...fr.header, { type: "url", url: "https://partner.example/", label: "Partenaire", rel: ["sponsored"], newTab: true }],
    };
    expect((await put(edited)).status).toBe(200);
    expect(endpoints.menus.response.parse((await env.call("GET", "/api/menus")).body).result.data).toEqual([]);
    expect((await env.call("POST", "/api/admin/menus/fr/publish", { token: owner })).status).toBe(200);
    const state = adminEndpoints.menus.response.parse((await env.call("GET", "/api/admin/menus/fr", { token: owner })).body).result;
    expect(state.published).toEqual(edited);
    expect(endpoints.menus.response.parse((await env.call("GET", "/api/menus")).body).result.data.map((m) => m.lang)).toEqual(["fr"]);
    expect((await env.call("POST", "/api/admin/menus/fr/withdraw", { token: owner })).status).toBe(200);
    expect(endpoints.menus.response.parse((await env.call("GET", "/api/menus")).body).result.data).toEqual([]);
  });
});
