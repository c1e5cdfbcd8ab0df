import { parseWithZod } from "@conform-to/zod";
import { describe, expect, test } from "vitest";
import { MAX_PHOTO_BYTES } from "~/lib/forms/choices";
import { CareerSchema } from "~/lib/forms/schemas";
import { DEFAULT_UPLOAD_LIMITS, readMultipartForm, type UploadLimits } from "~/lib/forms/upload.server";
import { HTML_NAMED_JPEG, JPEG_HEADER_THEN_JUNK, largeJpeg, PNG_HEADER_THEN_JUNK, TINY_JPEG, TINY_PNG, TINY_WEBP } from "../../../tests/support/images";

const LIMITS: UploadLimits = { ...DEFAULT_UPLOAD_LIMITS, maxFileBytes: MAX_PHOTO_BYTES };

/** A multipart post as a browser sends it: text before and after the file. */
function post(file: { bytes: Buffer; name: string; type: string }, extra: Record<string, string> = {}) {
  const body = new FormData();
  body.set("name", "Elif Kaya");
  body.set("photo", new File([new Uint8Array(file.bytes)], file.name, { type: file.type }));
  body.set("message", "I speak Turkish, English and Russian.");
  for (const [k, v] of Object.entries(extra)) body.set(k, v);
  return new Request("http://localhost/en/about-us/career", { method: "POST", body });
}

/** The schema's errors for what the handler produced (none when it accepts the form). */
function errorsOf(formData: FormData) {
  const submission = parseWithZod(formData, { schema: CareerSchema });
  return submission.status === "success" ? {} : (submission.error ?? {});
}

const read = (request: Request, limits = LIMITS) => readMultipartForm(request, limits, "career.errors.photoTooLarge");

describe("the upload handler types a photo by its bytes", () => {
  test.each([
    ["a JPEG", TINY_JPEG, "image/jpeg"],
    ["a PNG", TINY_PNG, "image/png"],
    ["a WebP", TINY_WEBP, "image/webp"],
  ])("%s keeps its bytes and gets its real type, whatever the browser said", async (_label, bytes, type) => {
    const { formData, fieldErrors } = await read(post({ bytes, name: "me.gif", type: "text/plain" }));
    const photo = formData.get("photo") as File;
    expect(photo.type).toBe(type);
    expect(Buffer.from(await photo.arrayBuffer()).equals(bytes)).toBe(true);
    expect(fieldErrors).toEqual({});
  });

  test.each([
    ["an HTML file named photo.jpg", HTML_NAMED_JPEG, "photo.jpg", "image/jpeg"],
    ["a PNG signature followed by junk", PNG_HEADER_THEN_JUNK, "photo.png", "image/png"],
    ["a JPEG start marker followed by junk", JPEG_HEADER_THEN_JUNK, "photo.jpg", "image/jpeg"],
    ["a JPEG cut off before its picture data", TINY_JPEG.subarray(0, 400), "photo.jpg", "image/jpeg"],
  ])("%s is typed application/octet-stream and refused by the schema", async (_label, bytes, name, claimed) => {
    const { formData } = await read(post({ bytes, name, type: claimed }));
    expect((formData.get("photo") as File).type).toBe("application/octet-stream");
    expect(errorsOf(formData).photo).toEqual(["career.errors.photoType"]);
  });

  test("no file chosen sends an empty part (as a browser does), which is left out: the schema asks for a photo", async () => {
    const body =
      '--b\r\nContent-Disposition: form-data; name="name"\r\n\r\nElif Kaya\r\n' +
      '--b\r\nContent-Disposition: form-data; name="photo"; filename=""\r\nContent-Type: application/octet-stream\r\n\r\n\r\n' +
      "--b--\r\n";
    const request = new Request("http://localhost/en/about-us/career", {
      method: "POST",
      headers: { "content-type": "multipart/form-data; boundary=b" },
      body,
    });
    const { formData } = await read(request);
    expect(formData.get("name")).toBe("Elif Kaya");
    expect(formData.has("photo")).toBe(false);
    expect(errorsOf(formData).photo).toEqual(["career.errors.photoRequired"]);
  });
});

describe("the upload handler's size cap", () => {
  test("a photo of exactly 5 MB is kept", async () => {
    const exact = largeJpeg(MAX_PHOTO_BYTES);
    expect(exact.length).toBe(MAX_PHOTO_BYTES);
    const { formData, fieldErrors } = await read(post({ bytes: exact, name: "big.jpg", type: "image/jpeg" }));
    expect(formData.get("photo")).toMatchObject({ size: exact.length, type: "image/jpeg" });
    expect(fieldErrors).toEqual({});
  });

  test("one byte more is too large", async () => {
    const { fieldErrors } = await read(post({ bytes: largeJpeg(MAX_PHOTO_BYTES + 1), name: "big.jpg", type: "image/jpeg" }));
    expect(fieldErrors).toEqual({ photo: ["career.errors.photoTooLarge"] });
  });

  test("a 6 MB photo is recorded, not thrown: the text before and after it is kept", async () => {
    const { formData, fieldErrors } = await read(post({ bytes: largeJpeg(6 * 1024 * 1024), name: "big.jpg", type: "image/jpeg" }));
    expect(fieldErrors).toEqual({ photo: ["career.errors.photoTooLarge"] });
    expect(formData.has("photo")).toBe(false);
    expect(formData.get("name")).toBe("Elif Kaya");
    expect(formData.get("message")).toBe("I speak Turkish, English and Russian.");
  });

  test("text beyond the field cap is cut, so the schema's length check reports it", async () => {
    const { formData } = await read(post({ bytes: TINY_JPEG, name: "me.jpg", type: "image/jpeg" }, { message: "ü".repeat(100_000) }));
    const message = formData.get("message") as string;
    expect(Buffer.byteLength(message)).toBeLessThanOrEqual(LIMITS.maxFieldBytes + 3);
    expect(errorsOf(formData).message).toEqual(["tooLong"]);
  });

  test("a part far beyond any limit refuses the whole post with 413", async () => {
    const limits = { ...LIMITS, maxFileBytes: 1000, maxPartBytes: 5000 };
    const error = await read(post({ bytes: largeJpeg(20_000), name: "huge.jpg", type: "image/jpeg" }), limits).catch((e) => e);
    expect(error).toBeInstanceOf(Response);
    expect((error as Response).status).toBe(413);
  });

  test("a body that is not multipart is refused with 400", async () => {
    const request = new Request("http://localhost/en/about-us/career", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "name=x",
    });
    const error = await read(request).catch((e) => e);
    expect((error as Response).status).toBe(400);
  });

  test("a multipart body cut off in the middle is refused with 400", async () => {
    const request = new Request("http://localhost/en/about-us/career", {
      method: "POST",
      headers: { "content-type": "multipart/form-data; boundary=xyz" },
      body: '--xyz\r\nContent-Disposition: form-data; name="name"\r\n\r\nElif',
    });
    const error = await read(request).catch((e) => e);
    expect((error as Response).status).toBe(400);
  });
});
