import { randomUUID } from "node:crypto";
import type { Locator, Page } from "@playwright/test";
import { comboboxValue, expect, expectNoAxeViolations, jsOn, pathOf, storedLeads, test, thankYou, translation, type Lang } from "./fixtures";

test.use({ allowedConsoleErrors: [/status of 40[03]/] });

/** A panel message: shown in the open list and announced through the field's status region. */
async function expectMessage(form: Locator, text: string) {
  await expect(form.locator(".combobox-panel").getByText(text)).toBeVisible();
  await expect(form.getByRole("status").filter({ hasText: text })).toHaveCount(1);
}

/** The rows of the open list (the page's native selects have options too). */
const rows = (page: Page) => page.getByRole("listbox").getByRole("option");
const setSize = async (page: Page) => Number(await rows(page).first().getAttribute("aria-setsize"));

async function openOffer(page: Page, lang: Lang) {
  await page.goto(encodeURI(pathOf("get-an-offer", lang)!));
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  const form = page.locator("#offer-form");
  // The selects give way to the comboboxes just after hydrating (a transition, not the same task).
  await expect(form.locator("input[role=combobox]")).toHaveCount(3);
  const t = (key: string) => translation(lang, key);
  return {
    form,
    t,
    country: form.getByRole("combobox", { name: t("forms.offer.country") }),
    city: form.getByRole("combobox", { name: t("forms.offer.city") }),
    dialCode: form.getByRole("combobox", { name: t("forms.offer.dialCode") }),
  };
}

test.describe("with JavaScript", () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "the combobox needs JavaScript");

  test("the list unfolds above its field when there is no room below, and below it otherwise", async ({ page }) => {
    const { t, country } = await openOffer(page, "ar");
    const list = page.getByRole("listbox", { name: t("forms.offer.country") });
    const gap = async () => {
      const [field, panel] = [(await country.boundingBox())!, (await list.boundingBox())!];
      return { above: field.y - (panel.y + panel.height), below: panel.y - (field.y + field.height) };
    };
    // Where the page puts the field while its list is open: a few pixels above the bottom of the
    // screen (as above a phone's keyboard), then high on it.
    const place = (where: "bottom" | "top") =>
      country.evaluate((el, where) => {
        const rect = el.getBoundingClientRect();
        window.scrollBy(0, where === "bottom" ? rect.bottom - window.innerHeight + 8 : rect.top - 160);
      }, where);
    await place("bottom");
    await country.click();
    await expect(list).toBeVisible();
    // A phone scrolls a focused field into view itself: put it back at the bottom.
    await place("bottom");
    await expect.poll(async () => (await gap()).above).toBeGreaterThanOrEqual(0);
    await place("top");
    await expect.poll(async () => (await gap()).below).toBeGreaterThanOrEqual(0);
  });

  test("the country combobox works by keyboard alone, filters after 200 ms, and the cities follow it", async ({ page, isMobile }) => {
    // Arrow keys and Enter are a desktop's; a phone's on-screen keyboard types into the field, as the tests below do there.
    test.skip(isMobile, "keyboard navigation is checked at desktop size");
    await page.clock.install();
    const { form, t, country, city } = await openOffer(page, "en");
    await expect(country).toHaveValue("Türkiye");
    await expect(comboboxValue(country)).toHaveValue("TR");

    // Tab from the name field: e-mail, dial code, phone number, then the country.
    await form.getByLabel(t("forms.name")).focus();
    for (let i = 0; i < 4; i++) await page.keyboard.press("Tab");
    await expect(country).toBeFocused();
    await expect(country).toHaveAttribute("aria-expanded", "false");

    // Freeze time to see the debounce: the list filters 200 ms after the last key, not before.
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1_000);
    await page.keyboard.type("fr");
    await expect(country).toHaveAttribute("aria-expanded", "true");
    await expect(page.getByRole("listbox", { name: t("forms.offer.country") })).toBeVisible();
    expect(await setSize(page)).toBeGreaterThan(200);
    await page.clock.runFor(199);
    expect(await setSize(page)).toBeGreaterThan(200);
    await page.clock.runFor(1);
    await expect(rows(page).first()).toHaveAccessibleName("France");
    expect(await setSize(page)).toBeLessThan(20);
    await page.clock.resume();

    const france = page.getByRole("option", { name: "France", exact: true });
    const guiana = page.getByRole("option", { name: "French Guiana" });
    await expect(france).toHaveAttribute("aria-selected", "true");
    await expect(country).toHaveAttribute("aria-activedescendant", (await france.getAttribute("id"))!);
    await page.keyboard.press("ArrowDown");
    await expect(guiana).toHaveAttribute("aria-selected", "true");
    await expect(france).toHaveAttribute("aria-selected", "false");
    await page.keyboard.press("End");
    await expect(rows(page).last()).toHaveAttribute("aria-selected", "true");
    await page.keyboard.press("Home");
    await expect(france).toHaveAttribute("aria-selected", "true");
    await page.keyboard.press("Enter");
    await expect(country).toBeFocused();
    await expect(country).toHaveAttribute("aria-expanded", "false");
    await expect(country).toHaveValue("France");
    await expect(comboboxValue(country)).toHaveValue("FR");

    // Escape closes without changing the choice, and puts back the chosen name.
    await page.keyboard.press("ArrowDown");
    await expect(country).toHaveAttribute("aria-expanded", "true");
    await page.keyboard.type("germ");
    await expect(page.getByRole("option", { name: "Germany" })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(country).toHaveAttribute("aria-expanded", "false");
    await expect(country).toHaveValue("France");
    await expect(comboboxValue(country)).toHaveValue("FR");

    // The cities are now France's: thousands, so two letters first; Istanbul is gone, Paris is there.
    await page.keyboard.press("Tab");
    await expect(city).toBeFocused();
    await page.keyboard.press("ArrowDown");
    await expectMessage(form, t("combobox.typeToSearch"));
    await page.keyboard.type("istanbul");
    await expect(rows(page).first()).toContainText("istanbul");
    await expect(page.getByRole("option", { name: "Istanbul", exact: true })).toHaveCount(0);
    await page.keyboard.press("Escape");
    await page.keyboard.type("paris");
    await expect(page.getByRole("option", { name: "Paris", exact: true })).toHaveAttribute("aria-selected", "true");
    await page.keyboard.press("Enter");
    await expect(city).toHaveValue("Paris");
    await expect(comboboxValue(city)).not.toHaveValue("");

    // Clear all is the next stop after the city; it empties the field and hands focus back.
    await page.keyboard.press("Tab");
    const clear = form.getByRole("button", { name: t("combobox.clearAll") });
    await expect(clear).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(city).toHaveValue("");
    await expect(comboboxValue(city)).toHaveValue("");
    await expect(city).toBeFocused();
    await expect(clear).toHaveCount(0);
  });

  test("the dial code is searched by number and the phone is checked for it", async ({ page, isMobile }) => {
    // The same search and check at every size: the phone's layout of the list is read by the tests around it.
    test.skip(isMobile, "checked at desktop size");
    const { form, t, dialCode } = await openOffer(page, "en");
    // Everything else is in order, so the only message can be the phone's.
    await form.getByLabel(t("forms.name")).fill("Emma Clarke");
    await form.getByLabel(t("forms.email")).fill("emma@example.org");
    await form.getByLabel(t("forms.offer.treatment")).selectOption({ index: 1 });
    await form.getByRole("radio", { name: t("forms.offer.channels.email") }).check();
    await form.getByRole("checkbox").check();
    const phone = form.getByLabel(t("forms.phone"), { exact: true });
    await phone.fill("532 123 45 67");
    await phone.blur();
    await expect(form.getByText(t("forms.errors.phone"))).toHaveCount(0);

    await expect(dialCode).toHaveValue(/^\u2066?\+90\u2069?$/);
    await dialCode.fill("+44");
    await expect(rows(page).first()).toHaveAccessibleName(/^\+44 /);
    await dialCode.fill("united kingdom");
    await expect(page.getByRole("option", { name: "+44 United Kingdom" })).toHaveAttribute("aria-selected", "true");
    await dialCode.press("Enter");
    await expect(dialCode).toHaveValue(/^\u2066?\+44\u2069?$/);
    await expect(comboboxValue(dialCode)).toHaveValue("GB");
    // The chosen country's name is read with the short field.
    await expect(dialCode).toHaveAccessibleDescription(/United Kingdom/);

    // A Turkish mobile number is not a British one: the choice alone brings the message.
    await expect(form.getByText(t("forms.errors.phone"), { exact: true })).toBeVisible();
    await phone.fill("020 7946 0958");
    await expect(form.getByText(t("forms.errors.phone"))).toHaveCount(0);
  });

  test("the server receives the chosen country and a town the visitor added", async ({ page }) => {
    const { form, t, country, city } = await openOffer(page, "en");
    const email = `combobox-${randomUUID()}@example.org`;
    await form.getByLabel(t("forms.name")).fill("Anna Schmidt");
    await form.getByLabel(t("forms.email")).fill(email);
    await form.getByLabel(t("forms.phone"), { exact: true }).fill("532 123 45 67");

    await country.fill("deutsch");
    await expectMessage(form, t("combobox.noItems"));
    await country.fill("germ");
    await expect(page.getByRole("option", { name: "Germany" })).toHaveAttribute("aria-selected", "true");
    await country.press("Enter");

    // Germany's list lacks this village: the visitor adds it.
    await city.fill("Kleinkleckersdorf");
    const add = page.getByRole("option", { name: /Kleinkleckersdorf/ });
    await expect(add).toContainText(t("combobox.addItem").replace("{{term}}", "").trim());
    await expect(add).toHaveAttribute("aria-selected", "true");
    await city.press("Enter");
    await expect(city).toHaveValue("Kleinkleckersdorf");

    await form.getByLabel(t("forms.offer.treatment")).selectOption({ index: 1 });
    await form.getByRole("radio", { name: t("forms.offer.channels.email") }).check();
    await form.getByRole("checkbox").check();
    await form.getByRole("button", { name: t("forms.send") }).click();
    await expect(thankYou(page, "en", "toast.offerSent")).toBeVisible();

    await expect.poll(() => storedLeads().filter((l) => l.payload.email === email), { timeout: 15_000 }).toHaveLength(1);
    const [lead] = storedLeads().filter((l) => l.payload.email === email);
    expect(lead.payload).toMatchObject({ countryCode: "DE", cityName: "Kleinkleckersdorf", phone: "+905321234567" });
    expect(lead.payload.cityId).toBeUndefined();
  });

  // Each language once: Arabic at desktop size, French on the phone. The messages are the language's;
  // the list's layout and its handling at each size are the other tests', which run at both.
  for (const lang of ["ar", "fr"] as Lang[]) {
    test(`the combobox speaks ${lang}: loading, type to search, no items, add item, clear all`, async ({ page }, info) => {
      test.skip((info.project.name === "phone") !== (lang === "fr"), `${lang} is checked at the other viewport`);
      // Holds the city list back until the loading message has been seen.
      let release = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route("**/cities/**", async (route) => {
        await held;
        await route.continue();
      });
      const { form, t, country, city } = await openOffer(page, lang);

      await country.fill("zzzz");
      await expectMessage(form, t("combobox.noItems"));
      await country.fill(lang === "ar" ? "الإمارات" : "Émirats");
      await expect(rows(page).first()).toHaveAttribute("aria-selected", "true");
      await country.press("Enter");
      await expect(comboboxValue(country)).toHaveValue("AE");

      await city.click();
      await expectMessage(form, t("combobox.loading"));
      await expect(city).toHaveAttribute("placeholder", t("combobox.loading"));
      release();
      // The Emirates' cities, in the list that stayed open: few enough to list without typing.
      await expect(rows(page).first()).toHaveAccessibleName("Abu Dhabi Emirate");
      await expect(form.getByRole("status").filter({ hasText: t("combobox.loading") })).toHaveCount(0);

      await city.fill("Hatta Village");
      await expect(page.getByRole("option", { name: /Hatta Village/ })).toContainText(t("combobox.addItem").replace("{{term}}", "").trim());
      await city.fill("dub");
      await page.getByRole("option", { name: "Dubai", exact: true }).click();
      await expect(city).toHaveValue("Dubai");
      await form.getByRole("button", { name: t("combobox.clearAll") }).click();
      await expect(city).toHaveValue("");
      await expect(city).toHaveAttribute("placeholder", t("forms.offer.anyCity"));

      // France's towns run to thousands: two letters first.
      await country.fill(lang === "ar" ? "فرنسا" : "France");
      await expect(rows(page).first()).toHaveAttribute("aria-selected", "true");
      await country.press("Enter");
      await expect(comboboxValue(country)).toHaveValue("FR");
      await city.click();
      await expectMessage(form, t("combobox.typeToSearch"));
    });
  }

  // Right to left at desktop size, left to right on the phone: the list's markup is the same in every
  // language, so each viewport checks it once.
  for (const lang of ["en", "ar"] as Lang[]) {
    test(`axe finds nothing with the ${lang} country list open`, async ({ page }, info) => {
      test.skip((info.project.name === "phone") !== (lang === "en"), `${lang} is checked at the other viewport`);
      test.slow(); // two full axe passes over a long form page
      const { country, city } = await openOffer(page, lang);
      await country.focus();
      await country.press("ArrowDown");
      await expect(page.getByRole("listbox")).toBeVisible();
      await expectNoAxeViolations(page);
      await country.press("Escape");
      await city.fill("zzzz");
      await expect(rows(page)).toHaveCount(1);
      await expectNoAxeViolations(page);
    });
  }
});

test("without JavaScript the country is a native select that sends the chosen country", async ({ page }, info) => {
  test.skip(jsOn(info.project.name), "the native select is what visitors without JavaScript get");
  const t = (key: string) => translation("en", key);
  const email = `native-${randomUUID()}@example.org`;
  await page.goto(pathOf("get-an-offer", "en")!);
  const form = page.locator("#offer-form");
  const country = form.getByRole("combobox", { name: t("forms.offer.country") });
  await expect(country).toHaveJSProperty("tagName", "SELECT");
  await expect(country).toHaveValue("TR");
  await expect(form.locator("input[role=combobox]")).toHaveCount(0);

  await form.getByLabel(t("forms.name")).fill("Jean Dupont");
  await form.getByLabel(t("forms.email")).fill(email);
  await form.getByRole("combobox", { name: t("forms.offer.dialCode") }).selectOption("FR");
  await form.getByLabel(t("forms.phone"), { exact: true }).fill("06 12 34 56 78");
  await country.selectOption("FR");
  await form.getByRole("button", { name: t("forms.offer.showCities") }).click();
  await form.getByRole("combobox", { name: t("forms.offer.city") }).selectOption({ label: "Lyon" });
  await form.getByLabel(t("forms.offer.treatment")).selectOption({ index: 1 });
  await form.getByLabel(t("forms.offer.channels.phone")).check();
  await form.getByRole("checkbox").check();
  await form.getByRole("button", { name: t("forms.send") }).click();
  await expect(thankYou(page, "en", "toast.offerSent")).toBeVisible();

  await expect.poll(() => storedLeads().filter((l) => l.payload.email === email), { timeout: 15_000 }).toHaveLength(1);
  const [lead] = storedLeads().filter((l) => l.payload.email === email);
  expect(lead.payload).toMatchObject({ countryCode: "FR", phone: "+33612345678" });
  expect(lead.payload.cityId).toEqual(expect.any(Number));
  expect(lead.payload.cityName).toBeUndefined();
});
