import { parseWithZod } from "@conform-to/zod";
import { describe, expect, test } from "vitest";
import type { z } from "zod";
import { CareerSchema, MAX_PHOTO_BYTES, OfferSchema, RegisterSchema } from "~/lib/forms/schemas";

function errorsOf(schema: z.ZodTypeAny, fields: Record<string, string | File>) {
  const formData = new FormData();
  for (const [name, value] of Object.entries(fields)) formData.set(name, value);
  const submission = parseWithZod(formData, { schema });
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
  const valid = { name: "Elif Kaya", email: "elif@example.org", phoneCountry: "TR", phone: "0532 123 45 67", position: "marketing", message: "Hello", privacyConsent: "on" };
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
