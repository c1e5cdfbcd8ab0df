import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { adminEndpoints, ImageUploadSchema } from "../app/lib/platform/api/admin-contract";
import { imageFromUpload } from "../app/lib/platform/api/media-urls";
import { HTML_NAMED_JPEG, JPEG_HEADER_THEN_JUNK } from "../tests/support/images";
import { photoJpeg, photoPng, pngBomb } from "../tests/support/photos";
import { staffBackend, type StaffBackend } from "../tests/support/staff";

let env: StaffBackend;
beforeAll(async () => {
  env = await staffBackend();
  env.addUsers([
    { email: "editor@remed.test", role: "editor" },
    { email: "viewer@remed.test", role: "viewer" },
    { email: "coord@remed.test", role: "coordinator" },
  ]);
});
afterAll(() => env.close());

const token = (email: string) => env.session(email).then((s) => s.accessToken);

/** The file as the raw body, as the site's staff client sends it. */
async function upload(
  file: Uint8Array | ReadableStream<Uint8Array>,
  { as = "editor@remed.test", headers = {} }: { as?: string | null; headers?: Record<string, string> } = {},
) {
  const bearer = as && (await token(as));
  const res = await fetch(`${env.backend.url}/api/admin/content/images`, {
    method: "POST",
    headers: { "content-type": "application/octet-stream", ...(bearer ? { authorization: `Bearer ${bearer}` } : {}), ...headers },
    ...(file instanceof ReadableStream ? { body: file, duplex: "half" } : { body: new Uint8Array(file) }),
  });
  return { status: res.status, body: await res.json() };
}

const variant = (id: string, width: number) => env.call("GET", `/api/media/${id}/${width}`);
const storedImages = () => env.db.prepare("SELECT COUNT(*) FROM images").pluck().get() as number;

describe("content images", () => {
  test("a 4000×3000 photo becomes WebP variants 400 to 1600 wide with its proportions, public and cached for good; the same file again is the same image", async () => {
    const jpeg = await photoJpeg();
    const answer = await env.api.staff.as(await token("editor@remed.test")).uploadImage(jpeg);
    expect(answer.status).toBe(201);
    const image = ImageUploadSchema.parse(answer.data).result;
    expect(image).toMatchObject({ width: 4000, height: 3000, widths: [400, 800, 1200, 1600] });

    for (const [width, height] of [
      [400, 300],
      [800, 600],
      [1200, 900],
      [1600, 1200],
    ]) {
      const served = await variant(image.id, width);
      expect(served.status).toBe(200);
      expect(served.headers.get("content-type")).toBe("image/webp");
      expect(served.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      expect(await sharp(served.body).metadata()).toMatchObject({ format: "webp", width, height });
    }
    // The public contract's image agrees with the files: the largest as `url`, with its own size.
    expect(imageFromUpload(image, "A clinic")).toMatchObject({ url: `/media/u/${image.id}/1600.webp`, width: 1600, height: 1200, alt: "A clinic" });

    expect((await variant(image.id, 2000)).status).toBe(404);
    expect((await variant(image.id, 401)).status).toBe(404);
    expect((await variant("0".repeat(32), 400)).status).toBe(404);
    expect((await variant("not-an-id", 400)).status).toBe(404);
    expect((await env.call("GET", `/api/media/${image.id}/400`, { token: null })).status).toBe(401);
    expect(env.audit("image.upload").at(-1)).toMatchObject({
      actor_email: "editor@remed.test",
      target: `image:${image.id}`,
      detail: "4000×3000 image/jpeg, widths 400, 800, 1200, 1600",
    });

    const count = storedImages();
    const again = await upload(jpeg);
    expect(again).toEqual({ status: 200, body: { hasError: false, result: image } });
    expect(storedImages()).toBe(count);
  });

  test("a photo taken upright (EXIF orientation 6) is turned upright, and no EXIF reaches the variants", async () => {
    const { status, body } = await upload(await photoJpeg({ width: 1200, height: 800, orientation: 6 }));
    expect(status).toBe(201);
    expect(body.result).toMatchObject({ width: 800, height: 1200, widths: [400, 800] });
    const served = (await variant(body.result.id, 800)).body as Buffer;
    const meta = await sharp(served).metadata();
    expect(meta).toMatchObject({ width: 800, height: 1200 });
    expect(meta.exif).toBeUndefined();
    // The dark corner mark was top-left in the stored pixels; turned a quarter clockwise, it is top-right.
    const brightness = async (left: number, top: number) => {
      const [r, g, b] = await sharp(served).extract({ left, top, width: 1, height: 1 }).removeAlpha().raw().toBuffer();
      return r + g + b;
    };
    expect(await brightness(790, 10)).toBeLessThan(100);
    expect(await brightness(10, 10)).toBeGreaterThan(150);
  });

  test("the bytes decide the type, not the name: a PNG called .jpg is a PNG; a small one keeps its own width", async () => {
    const { status, body } = await upload(await photoPng({ width: 300, height: 200 }), {
      headers: { "content-type": "image/jpeg", "content-disposition": 'attachment; filename="photo.jpg"' },
    });
    expect(status).toBe(201);
    expect(body.result).toMatchObject({ width: 300, height: 200, widths: [300] });
    expect(env.audit("image.upload").at(-1)?.detail).toBe("300×200 image/png, widths 300");
    expect(await sharp((await variant(body.result.id, 300)).body).metadata()).toMatchObject({ format: "webp", width: 300, height: 200 });
    // Asked again (the editor's thumbnail is its smallest variant): its widths, for anyone who reads content.
    const viewer = await token("viewer@remed.test");
    const again = await env.call("GET", `/api/admin/content/images/${body.result.id}`, { token: viewer });
    expect(ImageUploadSchema.parse(again.body).result).toEqual(body.result);
    expect((await env.call("GET", `/api/admin/content/images/${"0".repeat(32)}`, { token: viewer })).status).toBe(404);
    expect((await env.call("GET", `/api/admin/content/images/${body.result.id}`, { token: await token("coord@remed.test") })).status).toBe(403);
  });

  test("the uploads are listed newest first, a page at a time, to anyone who reads content; a page larger than 48 is refused", async () => {
    const sent = [];
    for (const width of [120, 130, 140]) sent.push((await upload(await photoPng({ width, height: 100 }))).body.result.id as string);
    const viewer = await token("viewer@remed.test");
    const page = (query: string, as = viewer) => env.call("GET", `/api/admin/content/images${query}`, { token: as });
    const first = await page("?pageSize=2");
    expect(first.status).toBe(200);
    const listed = adminEndpoints.contentImages.response.parse(first.body).result;
    expect(listed).toMatchObject({ pageIndex: 1, pageSize: 2, totalCount: storedImages() });
    expect(listed.data.map((image) => image.id)).toEqual([sent[2], sent[1]]);
    expect(listed.data[0]).toEqual({ id: sent[2], width: 140, height: 100, widths: [140] });
    const second = adminEndpoints.contentImages.response.parse((await page("?pageSize=2&pageIndex=2")).body).result;
    expect(second.data[0].id).toBe(sent[0]);
    expect((await page("?pageSize=48")).status).toBe(200);
    expect(await page("?pageSize=49")).toMatchObject({ status: 400, body: { errors: [{ field: "pageSize" }] } });
    expect((await page("", await token("editor@remed.test"))).status).toBe(200);
    expect((await page("", await token("coord@remed.test"))).status).toBe(403);
    expect((await env.call("GET", "/api/admin/content/images")).status).toBe(401);
  });

  test("what is not a JPEG, PNG or WebP image is refused: a text file or a web page 415, a JPEG start with junk behind it 422, nothing 400", async () => {
    const before = storedImages();
    const text = await upload(Buffer.from("name,phone\nAyla,+905321112233\n".repeat(50)), { headers: { "content-type": "image/jpeg" } });
    expect(text).toEqual({ status: 415, body: { hasError: true, errors: [{ field: "image", message: "Only JPEG, PNG or WebP images are accepted" }] } });
    expect((await upload(HTML_NAMED_JPEG)).status).toBe(415);
    expect((await upload(JPEG_HEADER_THEN_JUNK)).status).toBe(422);
    expect((await upload(Buffer.alloc(0))).status).toBe(400);
    expect(storedImages()).toBe(before);
  });

  test("a file over 10 MB is refused with 413, whether it says its size or comes in chunks", async () => {
    const before = storedImages();
    const big = Buffer.concat([await photoJpeg({ width: 400, height: 300 }), Buffer.alloc(11 * 1024 * 1024)]);
    const declared = await upload(big);
    expect(declared.status).toBe(413);
    expect(declared.body.errors[0]).toEqual({ field: "image", message: "The image is larger than 10 MB" });
    const chunked = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let at = 0; at < big.length; at += 256 * 1024) controller.enqueue(new Uint8Array(big.subarray(at, at + 256 * 1024)));
        controller.close();
      },
    });
    expect((await upload(chunked)).status).toBe(413);
    expect(storedImages()).toBe(before);
  });

  test("a decompression bomb (a PNG header saying 50,000 × 50,000 pixels) is refused at once", async () => {
    const started = Date.now();
    const bomb = await upload(pngBomb());
    expect(bomb).toEqual({ status: 422, body: { hasError: true, errors: [{ field: "image", message: "The image has more than 40 million pixels" }] } });
    expect(Date.now() - started).toBeLessThan(2000);
  });

  test("uploading needs write:content: a viewer or a coordinator gets 403, no staff token 401", async () => {
    const jpeg = await photoJpeg({ width: 500, height: 400 });
    expect((await upload(jpeg, { as: "viewer@remed.test" })).status).toBe(403);
    expect((await upload(jpeg, { as: "coord@remed.test" })).status).toBe(403);
    expect((await upload(jpeg, { as: null })).status).toBe(401);
    const clientToken = await env.api.tokens.get();
    expect((await upload(jpeg, { as: null, headers: { authorization: `Bearer ${clientToken}` } })).status).toBe(401);
    expect(env.audit("image.upload").filter((row) => row.actor_email !== "editor@remed.test")).toEqual([]);
  });
});
