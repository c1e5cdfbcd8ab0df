import { beforeAll, describe, expect, test, vi } from "vitest";
import type { z } from "zod";
import { loadPhoneRules } from "~/lib/forms/phone-rules";
import { MAX_PHOTO_BYTES } from "~/lib/forms/choices";
import { CareerSchema, ContactSchema, OfferSchema, parseForm, RegisterSchema } from "~/lib/forms/schemas";

// As the server does before it judges a form (lead-action.server.ts).
beforeAll(loadPhoneRules);

function errorsOf(schema: z.ZodTypeAny, fields: Record<string, string | File>) {
  const formData = new FormData();
  for (const [name, value] of Object.entries(fields)) formData.set(name, value);
  const submission = parseForm(formData, schema);
  return submission.status === "success" ? {} : (submission.error ?? {});
}

describe("every problem shows at once", () => {
  test.each([
    ["offer", OfferSchema],
    ["partner registration", RegisterSchema],
    ["job application", CareerSchema],
  ])("the %s form checks the phone against its country while other fields are still missing", (_name, schema) => {
    const errors = errorsOf(schema, { phoneCountry: "TR", phone: "532 12", email: "not-an-address" });
    expect(errors.phone).toEqual(["phone"]);
    expect(errors.email).toEqual(["email"]);
  });
});

describe("the job application's photo in the browser (the server types it by its bytes)", () => {
  const valid = {
    name: "Elif Kaya",
    email: "elif@example.org",
    phoneCountry: "TR",
    phone: "0532 123 45 67",
    position: "marketing",
    message: "Hello",
    privacyConsent: "on",
  };
  const photo = (size: number, type: string) => new File([new Uint8Array(size)], "photo", { type });

  test("a JPEG, PNG or WebP up to 5 MB passes", () => {
    for (const type of ["image/jpeg", "image/png", "image/webp"]) {
      expect(errorsOf(CareerSchema, { ...valid, photo: photo(MAX_PHOTO_BYTES, type) })).toEqual({});
    }
  });

  test("another type, or a byte over 5 MB, is refused on the photo field", () => {
    expect(errorsOf(CareerSchema, { ...valid, photo: photo(10, "image/heic") }).photo).toEqual(["career.errors.photoType"]);
    expect(errorsOf(CareerSchema, { ...valid, photo: photo(MAX_PHOTO_BYTES + 1, "image/jpeg") }).photo).toEqual(["career.errors.photoTooLarge"]);
  });

  test("a type the browser does not know is left to the server", () => {
    expect(errorsOf(CareerSchema, { ...valid, photo: photo(10, "") })).toEqual({});
  });
});

describe("odd input gets a message the site has in every language, not zod's English", () => {
  const offer = {
    name: "Elif Kaya",
    email: "elif@example.org",
    phoneCountry: "TR",
    phone: "0532 123 45 67",
    treatment: "1",
    contactChannel: "email",
    privacyConsent: "on",
  };
  const register = {
    institutionType: "1",
    organisation: "Klinik",
    contactPerson: "Elif Kaya",
    email: "elif@example.org",
    phoneCountry: "TR",
    phone: "0532 123 45 67",
    privacyConsent: "on",
  };

  test("an option the list does not have, or a number that is not one", () => {
    const errors = errorsOf(OfferSchema, { ...offer, contactChannel: "telegram", preferredDay: "someday", treatment: "abc", city: "1.5" });
    expect(errors).toEqual({ contactChannel: ["choice"], preferredDay: ["choice"], treatment: ["invalid"], city: ["invalid"] });
  });

  test("a country no list offers (ZZ) is refused for the country and the dial code", () => {
    expect(errorsOf(OfferSchema, { ...offer, country: "ZZ", phoneCountry: "ZZ" })).toMatchObject({ country: ["choice"], phoneCountry: ["choice"] });
  });

  test("a partner's website must be an http(s) address", () => {
    for (const website of ["javascript:alert(1)", "data:text/html,<b>x</b>", "ftp://example.org"]) {
      expect(errorsOf(RegisterSchema, { ...register, website }).website, website).toEqual(["url"]);
    }
    expect(errorsOf(RegisterSchema, { ...register, website: "https://klinik.example.org/about" })).toEqual({});
  });

  test("a phone number with an extension is refused with its own message, on every form", () => {
    expect(
      errorsOf(ContactSchema, { name: "A", email: "a@example.org", message: "Hi", privacyConsent: "on", phone: "+1 213 373 4253 ext. 1234567" }).phone,
    ).toEqual(["phoneExtension"]);
    expect(errorsOf(OfferSchema, { ...offer, phone: "0532 123 45 67 ext. 12" }).phone).toEqual(["phoneExtension"]);
    expect(errorsOf(ContactSchema, { name: "A", email: "a@example.org", message: "Hi", privacyConsent: "on", phone: "+1 213 373 4253" })).toEqual({});
  });

  test("a missing consent box says so on the contact form too", () => {
    expect(errorsOf(ContactSchema, { name: "A", email: "a@example.org", message: "Hi" }).privacyConsent).toEqual(["consent"]);
  });
});

describe("before the phone rules are loaded (the browser, just after a form hydrated)", () => {
  test("the phone and its country are left to the server; every other check still runs", async () => {
    vi.resetModules();
    const fresh = await import("~/lib/forms/schemas");
    const errors = (fields: Record<string, string>) => {
      const formData = new FormData();
      for (const [name, value] of Object.entries(fields)) formData.set(name, value);
      const submission = fresh.parseForm(formData, fresh.ContactSchema);
      return submission.status === "success" ? {} : (submission.error ?? {});
    };
    const typed = { name: "Emma", email: "emma@example.org", message: "Hello", privacyConsent: "on", phoneCountry: "GB", phone: "532 123 45 67" };
    expect(errors(typed)).toEqual({});
    expect(errors({ ...typed, email: "no" })).toEqual({ email: ["email"] });
    // Loaded, the same form is judged as the server judges it.
    await (await import("~/lib/forms/phone-rules")).loadPhoneRules();
    expect(errors(typed)).toEqual({ phone: ["phone"] });
  });
});
