import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { mediaUrl } from "../../app/lib/api/media-urls";
import { CLIENT } from "../support/backend";
import { photoJpeg } from "../support/photos";
import { freePort, startProcess, tempDir, type Proc } from "../support/processes";
import { OWNER, staffBackend, type StaffBackend } from "../support/staff";

// The production server in front of a backend in this process: an image uploaded there is served
// by the site's own route under /media/u/, as a page's <img srcset> asks for it.
let api: StaffBackend;
let site: Proc;
let image: { id: string; widths: number[] };
let apiGone = false;

beforeAll(async () => {
  api = await staffBackend();
  const port = await freePort();
  site = await startProcess(
    "build/server.js",
    { PORT: String(port), API_URL: api.backend.url, CLIENT_ID: CLIENT.clientId, CLIENT_SECRET: CLIENT.clientSecret, DATA_DIR: tempDir("remed-media-"), LOG_LEVEL: "error" },
    `http://127.0.0.1:${port}/healthz`,
  );
  const owner = await api.session(OWNER.email);
  const upload = await api.api.staff.as(owner.accessToken).uploadImage(await photoJpeg({ width: 1000, height: 750 }));
  image = (upload.data as { result: typeof image }).result;
}, 60_000);
afterAll(async () => {
  await site?.stop();
  if (!apiGone) await api?.close();
});

const get = (path: string) => fetch(site.url + path);

describe("the media route", () => {
  test("serves each variant as WebP, the API's bytes, kept for a year, never sniffed", async () => {
    expect(image.widths).toEqual([400, 800, 1000]);
    const res = await get(mediaUrl(image.id, 800));
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/webp");
    expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(bytes.subarray(0, 4).toString("latin1")).toBe("RIFF");
    expect(bytes.subarray(8, 12).toString("latin1")).toBe("WEBP");
    expect(await sharp(bytes).metadata()).toMatchObject({ format: "webp", width: 800, height: 600 });
    expect(Buffer.compare(bytes, (await api.call("GET", `/api/media/${image.id}/800`)).body)).toBe(0);
  });

  test("an unknown image or width is a 404 nobody keeps; a path that cannot name a variant never reaches the API", async () => {
    for (const path of [mediaUrl(image.id, 1600), mediaUrl("0".repeat(32), 400)]) {
      const res = await get(path);
      expect(res.status, path).toBe(404);
      expect(res.headers.get("cache-control"), path).toBe("no-store");
    }
    const calls = api.backend.stats.apiRequests;
    const bad = [
      `/media/u/${image.id.toUpperCase()}/400.webp`,
      `/media/u/${image.id}x/400.webp`,
      `/media/u/${image.id}/400.png`,
      `/media/u/${image.id}/0400.webp`,
      `/media/u/${image.id}/99999.webp`,
      `/media/u/${image.id}/2000.webp`,
    ];
    for (const path of bad) expect((await get(path)).status, path).toBe(404);
    expect(api.backend.stats.apiRequests).toBe(calls);
    // The seeded artwork's folder still answers a missing file itself.
    const missing = await get("/media/treatments/no-such-artwork.svg");
    expect(missing.status).toBe(404);
    expect(missing.headers.get("content-type")).toMatch(/^text\/plain/);
  });

  test("with the API gone, a variant is a 503 nobody keeps", async () => {
    await api.close();
    apiGone = true;
    const res = await get(mediaUrl(image.id, 400));
    expect(res.status).toBe(503);
    expect(res.headers.get("cache-control")).toBe("no-store");
  });
});
