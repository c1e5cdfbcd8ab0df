import { randomUUID } from "node:crypto";
import { expect, expectNoAxeViolations, jsOn, pathOf, storedLeads, test, translation, type Lang } from "./fixtures";

test.use({ allowedConsoleErrors: [/status of 40[03]/] });

for (const [lang, pageName, source] of [
  ["en", "get-an-offer", "website"],
  ["ar", "get-an-offer", "website"],
  ["fr", "gabon-newsletter", "gabon-newsletter"],
] as [Lang, string, string][]) {
  test(`the ${lang} ${pageName} form validates the phone for its country, keeps values, then delivers the lead`, async ({ page }, info) => {
    const t = (key: string) => translation(lang, key);
    const email = `offer-${randomUUID()}@example.org`;
    await page.goto(pathOf(pageName, lang)!);
    const form = page.locator("#offer-form");
    await form.getByLabel(t("forms.name")).fill("Layla Haddad");
    await form.getByLabel(t("forms.email")).fill(email);
    // Too short for a number in Türkiye, the default dial code.
    await form.getByLabel(t("forms.phone"), { exact: true }).fill("532 12");
    await form.getByLabel(t("forms.offer.treatment")).selectOption({ index: 1 });
    await form.getByRole("button", { name: t("forms.send") }).click();

    await expect(form.getByText(t("forms.errors.phone"))).toBeVisible();
    await expect(form.getByText(t("forms.errors.consent"))).toBeVisible();
    await expect(form.getByLabel(t("forms.name"))).toHaveValue("Layla Haddad");
    await expect(form.getByLabel(t("forms.phone"), { exact: true })).toHaveValue("532 12");
    if (jsOn(info.project.name)) await expectNoAxeViolations(page);

    await form.getByLabel(t("forms.offer.dialCode")).selectOption("GB");
    await form.getByLabel(t("forms.phone"), { exact: true }).fill("020 7946 0958");
    await form.getByLabel(t(`forms.offer.channels.whatsapp`)).check();
    await form.getByLabel(t("forms.offer.preferredDay")).selectOption("saturday");
    await form.getByRole("checkbox").check();
    await form.getByRole("button", { name: t("forms.send") }).click();
    await expect(page.locator(".toast")).toContainText(t("toast.offerSent"));

    await expect.poll(() => storedLeads().filter((l) => l.payload.email === email), { timeout: 15_000 }).toHaveLength(1);
    const [lead] = storedLeads().filter((l) => l.payload.email === email);
    expect(lead.payload).toMatchObject({
      formType: "offer",
      source,
      languageCode: lang,
      phone: "+442079460958",
      countryCode: "TR",
      contactChannel: "whatsapp",
      preferredDay: "saturday",
      projectId: 2,
      notificationSourceId: 3,
    });
    expect(lead.payload.treatmentId).toEqual(expect.any(Number));
  });
}

test("the cities follow the chosen country, with and without JavaScript", async ({ page }) => {
  await page.goto(pathOf("get-an-offer", "en")!);
  const form = page.locator("#offer-form");
  const city = form.getByLabel(translation("en", "forms.offer.city"));
  await expect(city.locator("option").filter({ hasText: /^Istanbul$/ })).toHaveCount(1);
  await form.getByLabel(translation("en", "forms.name")).fill("Kept Name");
  await form.getByLabel(translation("en", "forms.offer.country")).selectOption("FR");
  const refresh = form.getByRole("button", { name: translation("en", "forms.offer.showCities") });
  if (await refresh.isVisible()) await refresh.click();
  await expect(city.locator("option").filter({ hasText: /^Paris$/ })).toHaveCount(1);
  await expect(city.locator("option").filter({ hasText: /^Istanbul$/ })).toHaveCount(0);
  await expect(form.getByLabel(translation("en", "forms.name"))).toHaveValue("Kept Name");
  await expect(form.getByText(translation("en", "forms.errors.required"))).toHaveCount(0);
});
