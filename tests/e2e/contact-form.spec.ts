import { randomUUID } from "node:crypto";
import {
  choose,
  comboboxValue,
  countryName,
  expect,
  expectNoAxeViolations,
  jsOn,
  type Lang,
  pathOf,
  sessionRequest,
  storedLeads,
  test,
  thankYou,
  translation,
} from "./fixtures";

// A refused form answers 400/403 on purpose; Chromium logs the document's status as a console error.
test.use({ allowedConsoleErrors: [/status of 40[03]/] });

for (const [lang, pageName] of [
  ["fr", "contact"],
  ["ar", "contact"],
  ["tr", "feedback"],
] as [Lang, string][]) {
  test(`the ${lang} ${pageName} form shows errors in place, keeps what was typed, then delivers the lead`, async ({ page }, info) => {
    test.skip(info.project.name === "phone" && lang !== "ar", "phone size is checked on the ar form");
    const t = (key: string) => translation(lang, key);
    const email = `contact-${randomUUID()}@example.org`;
    await page.goto(pathOf(pageName, lang)!);
    const form = page.locator("#contact-form");
    await form.getByLabel(t("forms.name")).fill("Awa Diallo");
    await form.getByLabel(t("forms.email")).fill("awa-at-example");
    await form.getByLabel(t("forms.message")).fill("Je souhaite des informations sur un implant dentaire.");
    await form.getByRole("button", { name: t("forms.send") }).click();

    await expect(form.getByText(t("forms.errors.email"), { exact: true })).toBeVisible();
    await expect(form.getByText(t("forms.errors.consent"), { exact: true })).toBeVisible();
    await expect(form.getByLabel(t("forms.name"))).toHaveValue("Awa Diallo");
    await expect(form.getByLabel(t("forms.message"))).toHaveValue("Je souhaite des informations sur un implant dentaire.");
    await expect(form.getByLabel(t("forms.email"))).toHaveAttribute("aria-invalid", "true");
    // axe runs inside the page, so it needs JavaScript.
    if (jsOn(info.project.name)) await expectNoAxeViolations(page);

    await form.getByLabel(t("forms.email")).fill(email);
    // A national number under the preselected dial code (Türkiye), as on every form.
    await form.getByRole("textbox", { name: t("forms.phone") }).fill("0532 123 45 67");
    await form.getByRole("checkbox").check();
    await form.getByRole("button", { name: t("forms.send") }).click();
    await expect(thankYou(page, lang, `toast.${pageName}Sent`)).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`${encodeURI(pathOf(pageName, lang)!)}$`));
    // Shown once: the next page (a client-side navigation with JavaScript, a new document without) shows its form.
    await page
      .locator("header")
      .getByRole("link", { name: t("header.getAnOffer") })
      .click();
    await expect(page).toHaveURL(new RegExp(`${encodeURI(pathOf("get-an-offer", lang)!)}$`));
    await expect(page.locator("#offer-form")).toBeVisible();
    await expect(page.getByRole("heading", { name: t("forms.sent.title") })).toHaveCount(0);

    await expect.poll(() => storedLeads().filter((l) => l.payload.email === email), { timeout: 15_000 }).toHaveLength(1);
    const [lead] = storedLeads().filter((l) => l.payload.email === email);
    expect(lead).toMatchObject({
      kind: "contactForm",
      payload: { name: "Awa Diallo", formType: pageName, languageCode: lang, projectId: 2, phone: "+905321234567" },
    });
    expect(lead.payload).not.toHaveProperty("phoneCountry");
  });
}

test("a sent form gives way to its thank-you state and is empty behind it; its captured post, sent again, is refused", async ({ page }, info) => {
  // The second tap came with JavaScript: without it, the page after the redirect is a new one anyway.
  test.skip(info.project.name !== "js-on", "the form kept its values only with JavaScript");
  const t = (key: string) => translation("en", key);
  const posts: { url: string; type: string; body: Buffer }[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST") posts.push({ url: request.url(), type: request.headers()["content-type"], body: request.postDataBuffer()! });
  });
  await page.goto(pathOf("contact", "en")!);
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  const form = page.locator("#contact-form");
  const dialCode = form.getByRole("combobox", { name: t("forms.offer.dialCode") });
  const fill = async (email: string) => {
    await form.getByLabel(t("forms.name")).fill("Elif Kaya");
    await form.getByLabel(t("forms.email")).fill(email);
    // A choice the combobox keeps in its own state, besides the form's.
    await choose(page, dialCode, true, { value: "GB", name: countryName("GB", "en") });
    await form.getByRole("textbox", { name: t("forms.phone") }).fill("020 7946 0958");
    await form.getByLabel(t("forms.message")).fill("Please call me about a hair transplant.");
    await form.getByRole("checkbox").check();
    await form.getByRole("button", { name: t("forms.send") }).click();
  };
  const first = `once-${randomUUID()}@example.org`;
  await fill(first);
  const thanks = thankYou(page, "en", "toast.contactSent");
  await expect(thanks).toBeVisible();
  await expect(thanks).toBeFocused();
  await expectNoAxeViolations(page);
  // Nothing of the sent form is left to send again.
  await expect(form).toBeHidden();
  await expect(page.getByRole("button", { name: t("forms.send") })).toHaveCount(0);

  // The post as the browser sent it, again: the same token (and its cookie) and the same stamp.
  expect(posts).toHaveLength(1);
  const replay = await sessionRequest(page).post(posts[0].url, { headers: { "content-type": posts[0].type }, data: posts[0].body, maxRedirects: 0 });
  expect(replay.status()).toBe(403);

  // Asked for again, the form is empty, and what is sent with it is a new lead.
  await thanks.getByRole("link", { name: t("forms.sent.again") }).click();
  await expect(form.getByLabel(t("forms.name"))).toBeFocused();
  for (const field of [t("forms.name"), t("forms.email"), t("forms.message")]) await expect(form.getByLabel(field)).toHaveValue("");
  await expect(form.getByRole("textbox", { name: t("forms.phone") })).toHaveValue("");
  // Türkiye's code again, the default, as shown and as sent.
  await expect(dialCode).toHaveValue(/\+90/);
  await expect(comboboxValue(dialCode)).toHaveValue("TR");
  await expect(form.getByRole("checkbox")).not.toBeChecked();
  await expect(form.getByText(t("forms.errors.required"))).toHaveCount(0);
  const second = `again-${randomUUID()}@example.org`;
  await fill(second);
  await expect(thanks).toBeVisible();
  // Leads are delivered in the order they were stored: once the second one is there, a replay stored before it would be too.
  await expect.poll(() => storedLeads().filter((l) => l.payload.email === second), { timeout: 15_000 }).toHaveLength(1);
  expect(storedLeads().filter((l) => l.payload.email === first)).toHaveLength(1);
});

test("a post without the form's token is refused with 403 and a readable page", async ({ request }, info) => {
  test.skip(info.project.name !== "js-on", "HTTP check");
  // The page's honeypot fields and CSRF cookie come along; only the token in the form is missing.
  const page = await (await request.get(pathOf("contact", "en")!)).text();
  // The contact form's own (the footer's newsletter sign-up has a honeypot of its own).
  const html = page.split("<form").find((form) => form.includes('name="message"'))!;
  const honeypot = Object.fromEntries([...html.matchAll(/<input[^>]*name="(\w+__confirm)"[^>]*value="([^"]*)"/g)].map((m) => [m[1], m[2]]));
  expect(Object.keys(honeypot)).toHaveLength(2);
  const res = await request.post(pathOf("contact", "en")!, { form: { ...honeypot, name: "x", email: "x@example.org", message: "hi", privacyConsent: "on" } });
  expect(res.status()).toBe(403);
  expect(await res.text()).toContain(translation("en", "forms.errors.csrf"));
});

test("the form is usable before its checks arrive: a field left early is checked once they do, and nothing is posted meanwhile", async ({ page }, info) => {
  test.skip(info.project.name !== "js-on", "the checks load in the browser");
  const t = (key: string) => translation("en", key);
  // The schemas come in a file of their own once the visitor is in the form (form-checks.ts); hold it back.
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => (release = resolve));
  let held = 0;
  await page.route("**/build/_shared/schemas-*.js", async (route) => {
    held++;
    await released;
    await route.continue();
  });
  const posts: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST") posts.push(request.url());
  });
  await page.goto(pathOf("contact", "en")!);
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  const form = page.locator("#contact-form");
  const email = form.getByLabel(t("forms.email"));
  await email.fill("awa-at-example");
  // Asked for once the visitor is in the form, and held.
  await expect.poll(() => held).toBe(1);
  await form.getByLabel(t("forms.name")).focus();
  await page.waitForTimeout(300);
  expect(posts).toEqual([]);
  await expect(form.getByText(t("forms.errors.email"))).toHaveCount(0);
  release();
  await expect(form.getByText(t("forms.errors.email"), { exact: true })).toBeVisible();
  await expect(email).toHaveAttribute("aria-invalid", "true");
  // Checked as the visitor types from then on, without a post.
  await email.fill("awa@example.org");
  await expect(form.getByText(t("forms.errors.email"))).toHaveCount(0);
  expect(posts).toEqual([]);
});
