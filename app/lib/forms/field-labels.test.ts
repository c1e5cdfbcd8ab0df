import { readFileSync } from "node:fs";
import { expect, test } from "vitest";
import { FIELD_LABELS } from "~/lib/forms/field-labels";
import { FORM_SCHEMAS } from "~/lib/forms/schemas";

const LANGS = ["en", "tr", "ru", "fr", "ar"];
const locale = (lang: string) => JSON.parse(readFileSync(`locales/${lang}/common.json`, "utf8")) as Record<string, unknown>;
const lookup = (tree: Record<string, unknown>, key: string) => key.split(".").reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], tree);

test.each(Object.entries(FORM_SCHEMAS))("the %s form's error summary names every field, in every language", (name, schema) => {
  const labels = FIELD_LABELS[name as keyof typeof FIELD_LABELS];
  expect(Object.keys(labels).sort()).toEqual(Object.keys(schema.innerType().shape).sort());
  for (const lang of LANGS) {
    const tree = locale(lang);
    for (const key of Object.values(labels)) expect(typeof lookup(tree, key), `${lang}: ${key}`).toBe("string");
  }
});
