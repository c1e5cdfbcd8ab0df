import { expect, test } from "vitest";
import { createSiteCookies } from "~/lib/platform/cookies.server";
import { readToast, redirectWithToast } from "~/lib/site/toast.server";

const context = { cookies: createSiteCookies({ secure: false, secret: "a-test-secret-of-thirty-two-chars" }) };

const cookieOf = (setCookie: string) => setCookie.split(";")[0];
const request = (cookie?: string) => new Request("http://site/en/contact", { headers: cookie ? { Cookie: cookie } : {} });

test("a redirect's toast is read once: the answer that shows it expires the cookie", async () => {
  const res = await redirectWithToast(context, "/en/contact", "contactSent");
  expect(res.status).toBe(303);
  expect(res.headers.get("Location")).toBe("/en/contact");
  const { toast, headers } = await readToast(context, request(cookieOf(res.headers.get("Set-Cookie")!)), "site");
  expect(toast).toMatchObject({ key: "contactSent", id: expect.any(String) });
  expect(headers.get("Set-Cookie")).toMatch(/^toast=; .*Max-Age=0/);
});

test("a toast cookie the site did not sign shows nothing, and is expired too", async () => {
  const forged = Buffer.from(JSON.stringify({ key: "Call +1 900 FAKE now", id: "x" })).toString("base64");
  const { toast, headers } = await readToast(context, request(`toast=${encodeURIComponent(forged)}`), "site");
  expect(toast).toBeNull();
  expect(headers.get("Set-Cookie")).toMatch(/^toast=; .*Max-Age=0/);
});

test("without a toast cookie the answer sets none", async () => {
  expect((await readToast(context, request("lng=fr"), "site")).headers.has("Set-Cookie")).toBe(false);
  expect((await readToast(context, request(), "site")).headers.has("Set-Cookie")).toBe(false);
});

test("a staff toast is shown on the next back-office page only: a public page leaves it, and its cookie, alone", async () => {
  const res = await redirectWithToast(context, "/admin/leads", "admin:toast.saved");
  const cookie = cookieOf(res.headers.get("Set-Cookie")!);
  const onSite = await readToast(context, request(cookie), "site");
  expect(onSite.toast).toBeNull();
  expect(onSite.headers.has("Set-Cookie")).toBe(false);
  const inAdmin = await readToast(context, request(cookie), "admin");
  expect(inAdmin.toast).toMatchObject({ key: "admin:toast.saved" });
  expect(inAdmin.headers.get("Set-Cookie")).toMatch(/^toast=; .*Max-Age=0/);
});
