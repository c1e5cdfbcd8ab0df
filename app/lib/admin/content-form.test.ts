import { parseWithZod } from "@conform-to/zod";
import { describe, expect, test } from "vitest";
import { PREVIEW_KINDS } from "~/lib/admin/content-preview.server";
import { apiFieldErrors, contentFormDefaults, contentFormSchema, fromFormValue, toFormValue, type ContentFormValue } from "~/lib/admin/content-form";
import { hasPreview, PREVIEW_PAGES } from "~/lib/admin/content-kinds";
import { clinicDateTimeInput, clinicDateTimeValue } from "~/lib/admin/staff-time";
import { CONTENT_REGISTRY } from "~/lib/platform/api/content-contract";

const spec = CONTENT_REGISTRY;
const form = (entries: [string, string][]) => {
  const data = new FormData();
  for (const [name, value] of entries) data.append(name, value);
  return data;
};
const parse = (kind: keyof typeof spec, entries: [string, string][]) =>
  parseWithZod(form(entries), { schema: contentFormSchema(kind), disableAutoCoercion: true });

describe("a control's string and the API's value", () => {
  test("lists are one entry per line, paragraphs split at blank lines", () => {
    const { includes } = spec.specialDeal.texts;
    expect(fromFormValue(includes, "Hotel, 3 nights\r\n\r\n  Airport transfer \n")).toEqual(["Hotel, 3 nights", "Airport transfer"]);
    expect(toFormValue(includes, ["Hotel", "Transfer"])).toBe("Hotel\nTransfer");
    const { bio } = spec.doctor.texts;
    expect(fromFormValue(bio, "First line\nsame paragraph.\n\nSecond.")).toEqual(["First line same paragraph.", "Second."]);
  });

  // Each would take about a minute with a pattern tried from every space (quadratic); the test's
  // timeout fails it long before.
  test("a paragraph's long run of spaces is read in one pass", { timeout: 2_000 }, () => {
    const { bio } = spec.doctor.texts;
    expect(fromFormValue(bio, " ".repeat(200_000))).toEqual([]);
    expect(fromFormValue(bio, `Trained in Ankara.${" ".repeat(200_000)}\n  Works in Istanbul.`)).toEqual([`Trained in Ankara. Works in Istanbul.`]);
    expect(fromFormValue(bio, `One${" ".repeat(200_000)}two.`)).toEqual([`One${" ".repeat(200_000)}two.`]);
  });

  test("a list's text is measured whole before it is split: far too long is its own error", { timeout: 2_000 }, () => {
    const errors =
      parse("doctor", [
        ["texts.en.bio", " ".repeat(200_000)],
        ["texts.en.education", "Ankara University\n".repeat(20_000)],
        ["texts.fr.bio", "Formé à Ankara.\n\nExerce à Istanbul."],
      ]).reply().error ?? {};
    expect(errors["texts.en.bio"]).toEqual(["admin:content.errors.listTooLong"]);
    expect(errors["texts.en.education"]).toEqual(["admin:content.errors.listTooLong"]);
    expect(errors["texts.fr.bio"]).toBeUndefined();
  });

  test("a price takes a decimal comma; empty numbers, references and dates are null", () => {
    expect(fromFormValue(spec.specialDeal.shared.price, "1250,50")).toBe(1250.5);
    expect(fromFormValue(spec.specialDeal.shared.price, " ")).toBeNull();
    expect(fromFormValue(spec.blog.shared.categoryId, "")).toBeNull();
    expect(fromFormValue(spec.blog.shared.categoryId, "702")).toBe(702);
    expect(fromFormValue(spec.specialDeal.shared.validUntil, "")).toBeNull();
  });

  test("a doctor's languages are codes, whatever separates them", () => {
    expect(fromFormValue(spec.doctor.shared.languages, "EN, tr;ar  de")).toEqual(["en", "tr", "ar", "de"]);
    expect(toFormValue(spec.doctor.shared.languages, ["en", "tr"])).toBe("en, tr");
  });

  test("a publication time is typed on the clinic's clock and stored with its offset", () => {
    expect(clinicDateTimeInput("2025-09-15T00:00:00.000Z")).toBe("2025-09-15T03:00");
    expect(clinicDateTimeValue("2025-09-15T03:00")).toBe("2025-09-15T00:00:00.000Z");
    expect(new Date(clinicDateTimeValue(clinicDateTimeInput("2026-01-31T21:45:00Z"))!).toISOString()).toBe("2026-01-31T21:45:00.000Z");
    expect(clinicDateTimeInput("2026-11-26T08:03:51.892Z")).toBe("2026-11-26T11:03:51");
    expect(clinicDateTimeValue("2026-11-26T11:03:51")).toBe("2026-11-26T08:03:51.000Z");
    expect(clinicDateTimeValue("2025-02-30T10:00")).toBeNull();
    expect(clinicDateTimeValue("tomorrow")).toBeNull();
  });
});

describe("the editor's form", () => {
  test("a draft may leave fields empty; what is typed comes back as the API's values", () => {
    const result = parse("faq", [
      ["intent", "save"],
      ["shared.sort", "3"],
      ["texts.en.question", "How long is the stay?"],
      ["texts.en.answer", "<p>About a week.</p>"],
    ]);
    expect(result.status).toBe("success");
    const value = (result.status === "success" ? result.value : null) as ContentFormValue;
    expect(value.shared).toEqual({ sort: 3 });
    expect(value.texts.en).toEqual({ question: "How long is the stay?", answer: "<p>About a week.</p>" });
    expect(value.texts.ar).toEqual({ question: "", answer: "" });
  });

  test("each refused value is its own control's error, worded for the editor", () => {
    const result = parse("specialDeal", [
      ["intent", "save"],
      ["shared.price", "a lot"],
      ["shared.currency", "euro"],
      ["texts.ar.uri", "عرض خاص"],
      ["texts.en.title", "x".repeat(201)],
    ]);
    expect(result.status).toBe("error");
    const errors = result.reply().error ?? {};
    expect(errors["shared.price"]).toEqual(["admin:content.errors.number"]);
    expect(errors["shared.currency"]).toEqual(["admin:content.errors.currency"]);
    expect(errors["texts.ar.uri"]).toEqual(["admin:content.errors.uriFormat"]);
    expect(errors["texts.en.title"]).toEqual(["admin:content.errors.tooLong"]);
  });

  test("an Arabic or Cyrillic uri is one", () => {
    const result = parse("treatment", [
      ["shared.sort", "1"],
      ["texts.ar.uri", "زراعة-الشعر"],
      ["texts.ru.uri", "Пересадка-Волос"],
    ]);
    expect(result.status).toBe("success");
    const value = (result.status === "success" ? result.value : null) as ContentFormValue;
    expect(value.texts.ar!.uri).toBe("زراعة-الشعر");
    expect(value.texts.ru!.uri).toBe("пересадка-волос");
  });

  test("publishing needs a language ticked; saving does not", () => {
    const sort: [string, string] = ["shared.sort", "1"];
    expect(parse("faq", [["intent", "publish"], sort]).reply().error).toEqual({ languages: ["admin:content.errors.noLanguage"] });
    const ticked = parse("faq", [["intent", "publish"], sort, ["languages", "en"], ["languages", "ar"]]);
    expect(ticked.status === "success" && ticked.value.languages).toEqual(["en", "ar"]);
  });

  test("unpublishing reads its own boxes, none ticked at first: the publish boxes ticked take nothing down", () => {
    const sort: [string, string] = ["shared.sort", "1"];
    const publishBoxes: [string, string][] = [
      ["languages", "en"],
      ["languages", "tr"],
    ];
    expect(parse("faq", [["intent", "unpublish"], sort, ...publishBoxes]).reply().error).toEqual({ unpublishLanguages: ["admin:content.errors.noLanguage"] });
    const chosen = parse("faq", [["intent", "unpublish"], sort, ...publishBoxes, ["unpublishLanguages", "ar"]]);
    expect(chosen.status === "success" && chosen.value.unpublishLanguages).toEqual(["ar"]);
    // An item published in every language opens with them ticked to publish, and none to take down.
    const defaults = contentFormDefaults("faq", { sort: 1 }, {}, ["en", "tr", "ru", "fr", "ar"]);
    expect(defaults.unpublishLanguages).toEqual([]);
  });

  test("seeded read-only fields are never sent", () => {
    const defaults = contentFormDefaults(
      "doctor",
      { portrait: { hair: "bun", skin: 1, hairColor: 2, coat: 3 }, imageUrl: "/media/doctors/a.svg", sort: 2 },
      {},
      ["en"],
    );
    expect(Object.keys(defaults.shared)).not.toContain("portrait");
    expect(Object.keys(defaults.shared)).not.toContain("imageUrl");
    expect(defaults.shared.sort).toBe("2");
  });
});

describe("the API's refusals at their fields", () => {
  test("a taken uri, a field needed to publish, a reference not public in a language", () => {
    const { fieldErrors, formErrors } = apiFieldErrors("blog", {
      hasError: true,
      errors: [
        { field: "texts.ar.uri", message: "uri_taken" },
        { field: "texts.fr.title", message: "required" },
        { field: "texts.ru.categoryId", message: "not_public" },
        { field: "shared.imageId", message: "required" },
      ],
    });
    expect(fieldErrors).toEqual({
      "texts.ar.uri": ["admin:content.errors.uriTaken"],
      "texts.fr.title": ["admin:content.errors.requiredToPublish"],
      "shared.categoryId": ["admin:content.errors.notPublic|ru"],
      "shared.imageId": ["admin:content.errors.requiredToPublish"],
    });
    expect(formErrors).toEqual([]);
  });

  test("anything the form has no control for is said above it", () => {
    expect(apiFieldErrors("faq", { errors: [{ field: "texts.en.nothing", message: "odd" }] }).formErrors).toEqual(["admin:content.errors.rejected"]);
    expect(apiFieldErrors("faq", "<html>").formErrors).toEqual(["admin:content.errors.rejected"]);
  });
});

describe("previews", () => {
  test("the editor offers them for the kinds the preview route shows, where the language has the page", () => {
    expect(Object.keys(PREVIEW_PAGES).sort()).toEqual([...PREVIEW_KINDS].sort());
    expect(hasPreview("blog", "en")).toBe(true);
    expect(hasPreview("blog", "tr")).toBe(false);
    expect(hasPreview("slider", "en")).toBe(false);
  });
});
