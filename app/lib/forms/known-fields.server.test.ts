import { beforeAll, describe, expect, test } from "vitest";
import { cleanText, knownFields, MAX_FIELD_CHARS, schemaFields } from "~/lib/forms/known-fields.server";
import { loadPhoneRules } from "~/lib/forms/phone-rules";
import { OfferSchema, parseForm, ContactSchema } from "~/lib/forms/schemas";

beforeAll(loadPhoneRules);

describe("only the form's own fields reach the schema and the page", () => {
  test("a schema's fields are found through its refinements", () => {
    expect(schemaFields(OfferSchema)).toEqual(expect.arrayContaining(["name", "phone", "phoneCountry", "treatment", "privacyConsent"]));
  });

  test("crafted names (a sparse index, deep nesting) are dropped, so the parse and its echo stay small", () => {
    const posted = new FormData();
    posted.append("x[2000000000]", "1");
    posted.append(`${"a.".repeat(50_000)}a`, "x");
    posted.append("name", "Elif");
    const known = knownFields(posted, { names: schemaFields(ContactSchema) });
    expect([...known.keys()]).toEqual(["name"]);
    const reply = parseForm(known, ContactSchema).reply();
    expect(JSON.stringify(reply).length).toBeLessThan(2_000);
  });

  test("a field sent twice counts once (its first value), instead of an array the schema would call a type error", () => {
    const posted = new FormData();
    posted.append("name", "Elif");
    posted.append("name", "Kaya");
    const known = knownFields(posted, { names: ["name"] });
    expect(known.getAll("name")).toEqual(["Elif"]);
  });

  test("control and bidi-override characters leave names; a message keeps its line breaks", () => {
    expect(cleanText("Eli\u202Ef\u0000 \u2066Kaya\u2069\u0007", false)).toBe("Elif Kaya");
    expect(cleanText("line one\r\nline two\u202E", true)).toBe("line one\r\nline two");
    expect(cleanText("one\ntwo", false)).toBe("one two");
    // Right-to-left marks are part of writing Arabic, not an attack.
    expect(cleanText("\u200Fمرحبا", false)).toBe("\u200Fمرحبا");
  });
});

test("a megabyte in one field is cut to twice the longest allowed text, so it is still too long but not copied whole", () => {
  const posted = new FormData();
  posted.set("message", "y".repeat(1_000_000));
  const known = knownFields(posted, { names: ["message"], multiline: ["message"] });
  expect(String(known.get("message")).length).toBe(MAX_FIELD_CHARS);
  const errors = parseForm(known, ContactSchema).reply().error;
  expect(errors?.message).toEqual(["tooLong"]);
});
