import { readFileSync } from "node:fs";
import { expect, test } from "vitest";
import { fillEmptyUris } from "~/lib/admin/content-slugs";
import { slugFor } from "~/lib/admin/slug";

const seed = (lang: string, file: string) => JSON.parse(readFileSync(`backend/seed/content/${lang}/${file}.json`, "utf8")) as { uri: string; title: string }[];

test("each language's rule, as its seeded content writes uris", () => {
  // The seed's own pairs where the uri is the whole title.
  expect(slugFor("tr", "Diş implantı mı, köprü mü")).toBe("dis-implanti-mi-kopru-mu");
  expect(slugFor("tr", "Kapsamlı sağlık taraması paketi")).toBe("kapsamli-saglik-taramasi-paketi");
  expect(slugFor("fr", "Soins d’un nouvel implant")).toBe("soins-d-un-nouvel-implant");
  expect(slugFor("fr", "Première semaine après une greffe de cheveux")).toBe("premiere-semaine-apres-une-greffe-de-cheveux");
  expect(slugFor("en", "Dental implants or a bridge: which suits you?")).toBe("dental-implants-or-a-bridge-which-suits-you");
  expect(slugFor("ar", "زراعة الأسنان أم الجسر: أيّهما يناسبك؟")).toBe("زراعة-الأسنان-أم-الجسر-أيهما-يناسبك");
  expect(slugFor("ar", "باقة زراعة الشعر بتقنية FUE")).toBe("باقة-زراعة-الشعر-بتقنية-fue");
  // Russian follows the English page's uri, as every seeded Russian page does; spelled in Latin before there is one.
  expect(slugFor("ru", "Один зубной имплантат", { enUri: "single-dental-implant-package" })).toBe("single-dental-implant-package-ru");
  expect(slugFor("ru", "Пересадка волос", {})).toBe("peresadka-volos-ru");
  expect(slugFor("en", "?!")).toBe("");
  expect(slugFor("en", "word ".repeat(40)).length).toBeLessThanOrEqual(120);
});

test("every seeded uri is one the rule could have proposed: lower case, hyphens, the language's letters", () => {
  for (const [lang, file] of [
    ["en", "blog"],
    ["tr", "special-deals"],
    ["fr", "blog"],
    ["ar", "blog"],
  ] as const) {
    for (const { uri } of seed(lang, file)) expect(slugFor(lang, uri.replace(/-/g, " ")), `${lang} ${uri}`).toBe(uri);
  }
  for (const { uri } of seed("ru", "blog")) expect(slugFor("ru", "", { enUri: uri.replace(/-ru$/, "") })).toBe(uri);
});

test("a save without JavaScript fills an empty uri from its title, and leaves a written one", () => {
  const form = new FormData();
  form.set("texts.ar.title", "باقة الفحص الطبي الشامل");
  form.set("texts.ar.uri", "");
  form.set("texts.en.title", "Comprehensive check-up");
  form.set("texts.en.uri", "my-own-uri");
  form.set("texts.ru.title", "Комплексное обследование");
  fillEmptyUris("specialDeal", form);
  expect(form.get("texts.ar.uri")).toBe("باقة-الفحص-الطبي-الشامل");
  expect(form.get("texts.en.uri")).toBe("my-own-uri");
  expect(form.get("texts.ru.uri")).toBe("my-own-uri-ru");
  // A kind without pages of its own has no uri to fill.
  const faq = new FormData();
  faq.set("texts.en.question", "Why?");
  fillEmptyUris("faq", faq);
  expect([...faq.keys()]).toEqual(["texts.en.question"]);
});
