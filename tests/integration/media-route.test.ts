import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { mediaUrl } from "../../app/lib/platform/api/media-urls";
import { CLIENT } from "../support/backend";
import { EXIF_MARKER, gpsPhotoJpeg, photoJpeg, pngBomb } from "../support/photos";
import { signInToSite } from "../support/site-sign-in";
import { freePort, startProcess, tempDir, type Proc } from "../support/processes";
import { OWNER, staffBackend, type StaffBackend } from "../support/staff";

// The production server in front of a backend in this process: images as the site serves them. A
// content image uploaded there is served by the site's own route under /media/u/, as a page's
// <img srcset> asks for it; a job applicant's photo reaches staff re-encoded, whatever was sent.
let api: StaffBackend;
let site: Proc;
let siteData: string;
let image: { id: string; widths: number[] };
let apiGone = false;

beforeAll(async () => {
  api = await staffBackend();
  const port = await freePort();
  siteData = tempDir("remed-media-");
  site = await startProcess(
    "build/server.js",
    {
      PORT: String(port),
      API_URL: api.backend.url,
      CLIENT_ID: CLIENT.clientId,
      CLIENT_SECRET: CLIENT.clientSecret,
      DATA_DIR: siteData,
      FORM_MIN_FILL_SECONDS: "0",
      LOG_LEVEL: "error",
    },
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

/** The career form as a visitor without JavaScript sends it: the page's hidden fields, the values, one file. */
async function applyForJob(email: string, photo: Buffer, fileName: string) {
  const page = await fetch(`${site.url}/en/about-us/career`);
  const html = await page.text();
  const cookie = page.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  const form = new FormData();
  for (const [, name, value] of html.matchAll(/<input[^>]*name="(csrf|\w+__confirm)"[^>]*value="([^"]*)"/g)) form.append(name, value);
  const values = {
    name: "Ayşe Yılmaz",
    email,
    phoneCountry: "TR",
    phone: "532 123 45 67",
    position: "patientCoordinator",
    message: "Five years as a coordinator.",
    privacyConsent: "on",
  };
  for (const [name, value] of Object.entries(values)) form.append(name, value);
  form.append("photo", new Blob([new Uint8Array(photo)], { type: "image/jpeg" }), fileName);
  return fetch(`${site.url}/en/about-us/career`, { method: "POST", headers: { cookie }, body: form, redirect: "manual" });
}

/** A signed-in owner's session cookie on the site. */
const ownerCookie = async () => (await signInToSite(site.url, OWNER.email, OWNER.password)).session;

async function leadIdOf(email: string) {
  const find = api.backend.db.prepare("SELECT id FROM leads WHERE json_extract(payload, '$.email') = ?").pluck();
  for (const end = Date.now() + 20_000; Date.now() < end; await new Promise((r) => setTimeout(r, 100))) {
    const id = find.get(email) as number | undefined;
    if (id) return id;
  }
  throw new Error(`no lead from ${email}`);
}

/** What sharp reads from a photo: its size and every kind of metadata it could carry. */
const inspect = async (bytes: Buffer) => {
  const { format, width, height, exif, icc, xmp, iptc, orientation } = await sharp(bytes).metadata();
  return { format, width, height, exif, icc, xmp, iptc, orientation };
};
const en = JSON.parse(readFileSync("locales/en/common.json", "utf8"));
const UPRIGHT_CLEAN = { format: "jpeg", width: 900, height: 1200, exif: undefined, icc: undefined, xmp: undefined, iptc: undefined, orientation: undefined };

describe("a job applicant's photo (ADR 006)", () => {
  test("sent from a phone with its GPS position, it reaches the inbox upright with no metadata; the site never stored the original", async () => {
    const sent = await applyForJob("gps@example.org", await gpsPhotoJpeg({ width: 1200, height: 900 }), "IMG_0001.jpg");
    expect(sent.status).toBe(303);
    const id = await leadIdOf("gps@example.org");
    const photo = await fetch(`${site.url}/admin/leads/${id}/photo`, { headers: { cookie: await ownerCookie() } });
    expect(photo.status).toBe(200);
    expect(photo.headers.get("content-type")).toBe("image/jpeg");
    expect(photo.headers.get("cache-control")).toBe("private, no-store");
    const bytes = Buffer.from(await photo.arrayBuffer());
    expect(await inspect(bytes)).toEqual(UPRIGHT_CLEAN);
    expect(bytes.includes(EXIF_MARKER)).toBe(false);
    // What the API was given was already clean, and no file of the site's (the outbox, its log) holds the original.
    const stored = api.backend.db.prepare("SELECT bytes FROM uploads").pluck().all() as Buffer[];
    expect(stored.some((b) => b.includes(EXIF_MARKER))).toBe(false);
    for (const name of readdirSync(siteData)) expect(readFileSync(join(siteData, name)).includes(EXIF_MARKER), name).toBe(false);
  });

  test("a 20,000 × 20,000 PNG is refused on the photo field with every typed value kept, and the server carries on", async () => {
    const res = await applyForJob("bomb@example.org", pngBomb(20_000), "poster.png");
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain(en.career.errors.photoTooManyPixels);
    expect(html).toMatch(/<input[^>]*id="[^"]*photo[^"]*"[^>]*aria-invalid="true"/);
    for (const kept of ['value="Ayşe Yılmaz"', 'value="bomb@example.org"', "Five years as a coordinator."]) expect(html).toContain(kept);
    expect((await fetch(`${site.url}/healthz`)).status).toBe(200);
  });

  test("a photo the API holds as it was sent (stored before the site cleaned photos) is re-encoded on its way to staff", async () => {
    const original = await gpsPhotoJpeg({ width: 1200, height: 900 });
    const db = api.backend.db;
    db.prepare("INSERT INTO uploads (id, type, content_type, size, bytes, received_at) VALUES ('old', 'JobApplication', 'image/jpeg', ?, ?, ?)").run(
      original.length,
      original,
      new Date().toISOString(),
    );
    const payload = {
      projectId: 2,
      notificationSourceId: 3,
      languageCode: "en",
      name: "Old Applicant",
      email: "old@example.org",
      phone: "+905321234567",
      position: "Coordinator",
      message: "",
      imageId: "old",
    };
    const id = Number(
      db.prepare("INSERT INTO leads (kind, received_at, payload) VALUES ('jobOffer', ?, ?)").run(new Date().toISOString(), JSON.stringify(payload))
        .lastInsertRowid,
    );
    const cookie = await ownerCookie();
    const bytes = Buffer.from(await (await fetch(`${site.url}/admin/leads/${id}/photo`, { headers: { cookie } })).arrayBuffer());
    expect(await inspect(bytes)).toEqual(UPRIGHT_CLEAN);
    expect(bytes.includes(EXIF_MARKER)).toBe(false);
    // A bomb the API holds is not passed to the browser to decode.
    db.prepare("UPDATE uploads SET bytes = ?, content_type = 'image/png' WHERE id = 'old'").run(pngBomb(20_000));
    const bomb = await fetch(`${site.url}/admin/leads/${id}/photo`, { headers: { cookie } });
    expect(bomb.status).toBe(422);
    expect(bomb.headers.get("content-type")).toMatch(/^text\/plain/);
  });
});

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
