import { createInstance } from "i18next";
import { expect, test } from "vitest";
import { keepPlainLookups } from "~/lib/plain-lookups.server";

async function instance(lng: string) {
  const i18n = createInstance();
  await i18n.init({
    lng,
    fallbackLng: "en",
    ns: ["common", "home"],
    defaultNS: "common",
    interpolation: { escapeValue: false },
    resources: {
      en: { common: { hello: "Hello", slide: "Slide {{n}} of {{total}}", photo_one: "{{count}} photo", photo_other: "{{count}} photos" }, home: { hello: "Welcome home" } },
      tr: { common: { hello: "Merhaba" }, home: {} },
    },
  });
  return keepPlainLookups(i18n);
}

test("a kept lookup answers as i18next does, per language, namespace and key prefix", async () => {
  const tr = await instance("tr");
  const t = tr.getFixedT("tr", "common");
  expect(t("hello")).toBe("Merhaba");
  expect(t("hello")).toBe("Merhaba");
  expect(tr.getFixedT("en", "common")("hello")).toBe("Hello");
  expect(tr.getFixedT("en", "home")("hello")).toBe("Welcome home");
  // A key missing in Turkish falls back to English, and stays so.
  expect(t("slide", { n: 1, total: 3 })).toBe("Slide 1 of 3");
  expect(tr.getFixedT("en", ["home", "common"])("hello")).toBe("Welcome home");
});

test("values and counts are looked up on every call, not kept from the first", async () => {
  const t = (await instance("en")).getFixedT("en", "common");
  expect(t("slide", { n: 1, total: 3 })).toBe("Slide 1 of 3");
  expect(t("slide", { n: 2, total: 3 })).toBe("Slide 2 of 3");
  expect(t("photo", { count: 1 })).toBe("1 photo");
  expect(t("photo", { count: 4 })).toBe("4 photos");
});
