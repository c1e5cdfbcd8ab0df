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
  const { toast, headers } = await readToast(context, request(cookieOf(res.headers.get("Set-Cookie")!)));
  expect(toast).toMatchObject({ key: "contactSent", id: expect.any(String) });
  expect(headers.get("Set-Cookie")).toMatch(/^toast=; .*Max-Age=0/);
});

test("a toast cookie the site did not sign shows nothing, and is expired too", async () => {
  const forged = Buffer.from(JSON.stringify({ key: "Call +1 900 FAKE now", id: "x" })).toString("base64");
  const { toast, headers } = await readToast(context, request(`toast=${encodeURIComponent(forged)}`));
  expect(toast).toBeNull();
  expect(headers.get("Set-Cookie")).toMatch(/^toast=; .*Max-Age=0/);
});

test("without a toast cookie the answer sets none", async () => {
  expect((await readToast(context, request("lng=fr"))).headers.has("Set-Cookie")).toBe(false);
  expect((await readToast(context, request())).headers.has("Set-Cookie")).toBe(false);
});
