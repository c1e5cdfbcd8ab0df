import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, truncateSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import sharp from "sharp";
import { afterEach, describe, expect, test, vi } from "vitest";
import { startBackend, type RunningBackend } from "../../../../backend/index";
import { createApiClient } from "~/lib/platform/api/client.server";
import { ApiError } from "~/lib/platform/api/errors";
import { requestContext } from "~/lib/platform/logger.server";
import { SCHEMA } from "~/lib/platform/outbox/open-db.server";
import { createOutbox, type Lead } from "~/lib/platform/outbox/outbox.server";
import { sqliteOutboxStore } from "~/lib/platform/outbox/sqlite-store.server";
import { CLIENT } from "../../../../tests/support/backend";
import { startFakeApi } from "../../../../tests/support/fake-api";
import { filesHolding, uniqueLeadValues } from "../../../../tests/support/erasure";
import { observers } from "../../../../tests/support/observers";
import { EXIF_MARKER, gpsPhotoJpeg, pngBomb } from "../../../../tests/support/photos";

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

const temp = (p: string) => mkdtempSync(join(tmpdir(), p));
const contact: Lead = {
  kind: "contactForm",
  payload: {
    projectId: 2,
    notificationSourceId: 3,
    languageCode: "fr",
    formType: "contact",
    source: "website",
    name: "Awa Test",
    email: "awa@example.org",
    message: "Bonjour",
    privacyConsent: true,
  },
};

/** A backend that can be stopped and started again on the same port, like a real API outage. */
async function restartableBackend() {
  const dataDir = temp("remed-be-");
  let backend: RunningBackend | null = await startBackend({ dataDir, ...CLIENT });
  const port = Number(new URL(backend.url).port);
  const url = backend.url;
  cleanups.push(async () => backend?.close());
  return {
    url,
    leads: () => backend!.db.prepare("SELECT kind, payload FROM leads").all() as { kind: string; payload: string }[],
    async stop() {
      await backend!.close();
      backend = null;
    },
    async start() {
      backend = await startBackend({ dataDir, ...CLIENT, port });
    },
  };
}

function outboxFor(url: string, dataDir = temp("remed-outbox-")) {
  const observed = observers();
  const api = createApiClient({ apiUrl: url, identityUrl: url, ...CLIENT, timeoutMs: 1000, ...observed });
  const outbox = createOutbox({ store: sqliteOutboxStore(dataDir, observed.logger, observed.metrics), api, baseDelayMs: 50, maxDelayMs: 200, ...observed });
  cleanups.push(async () => {
    await outbox.stop().catch(() => undefined);
    await api.close();
  });
  return { outbox, dataDir, ...observed };
}

const waitFor = async (check: () => boolean | Promise<boolean>, ms = 8000) => {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 50));
  }
};

test("a lead is delivered once the API accepts it, exactly once", async () => {
  const backend = await restartableBackend();
  const { outbox } = outboxFor(backend.url);
  const id = await outbox.enqueue("fr", contact);
  await waitFor(async () => (await outbox.status(id))?.status === "delivered");
  await outbox.flush();
  expect(backend.leads()).toHaveLength(1);
  expect(JSON.parse(backend.leads()[0].payload)).toMatchObject({ name: "Awa Test" });
});

test("during an outage the lead waits, then arrives exactly once", async () => {
  const backend = await restartableBackend();
  await backend.stop();
  const { outbox } = outboxFor(backend.url);
  const id = await outbox.enqueue("fr", contact);
  await waitFor(async () => ((await outbox.status(id))?.attempts ?? 0) >= 2);
  expect((await outbox.status(id))?.status).toBe("pending");
  expect((await outbox.stats()).depth).toBe(1);
  await backend.start();
  await waitFor(async () => (await outbox.status(id))?.status === "delivered");
  expect(backend.leads()).toHaveLength(1);
  expect((await outbox.stats()).depth).toBe(0);
});

test("a lead stored before a crash is delivered by the next process, exactly once", async () => {
  const backend = await restartableBackend();
  await backend.stop();
  const first = outboxFor(backend.url);
  const id = await first.outbox.enqueue("fr", contact);
  await first.outbox.stop(); // the process dies with the lead undelivered
  await backend.start();
  const second = outboxFor(backend.url, first.dataDir);
  second.outbox.start();
  await waitFor(async () => (await second.outbox.status(id))?.status === "delivered");
  expect(backend.leads()).toHaveLength(1);
});

test("a redelivery after the API accepted but before it was marked stores nothing new", async () => {
  const backend = await restartableBackend();
  const api = createApiClient({ apiUrl: backend.url, identityUrl: backend.url, ...CLIENT, timeoutMs: 1000, ...observers() });
  cleanups.push(() => api.close());
  // The same idempotency key twice, as after a crash between the API's answer and the outbox's update.
  await api.post("contactForm", { lang: "fr", payload: contact.payload as never, idempotencyKey: "lead-1" });
  await api.post("contactForm", { lang: "fr", payload: contact.payload as never, idempotencyKey: "lead-1" });
  expect(backend.leads()).toHaveLength(1);
});

/** A stand-in API (tests/support/fake-api.ts), closed after the test. */
async function fakeApi(answer: (url: string) => number) {
  const api = await startFakeApi(answer);
  cleanups.push(api.close);
  return api;
}

test("a job application resumes after its upload and never uploads twice", async () => {
  let failPosts = 1;
  const { url, calls } = await fakeApi(() => (failPosts-- > 0 ? 503 : 201));
  const { outbox } = outboxFor(url);
  const id = await outbox.enqueue("en", {
    kind: "jobOffer",
    payload: {
      projectId: 2,
      notificationSourceId: 3,
      languageCode: "en",
      name: "A",
      email: "a@example.org",
      phone: "+905321234567",
      position: "Coordinator",
      message: "",
    },
    photo: { name: "me.png", type: "image/png", bytes: Buffer.from([1, 2, 3]) },
  });
  await waitFor(async () => (await outbox.status(id))?.status === "delivered");
  expect(calls).toEqual([`/api/admin/multimedia/image ${id}:photo`, `/api/jobOffer/webMagazine ${id}`, `/api/jobOffer/webMagazine ${id}`]);
});

describe("an outbox file that cannot be used is set aside, and a fresh one takes leads", () => {
  const damage: [string, (file: string) => void][] = [
    ["random bytes", (file) => writeFileSync(file, randomBytes(64 * 1024))],
    ["a file cut short", (file) => truncateSync(file, Math.floor(statSync(file).size / 3))],
    [
      "another program's outbox table",
      (file) => {
        rmSync(file);
        const db = new Database(file);
        db.exec("CREATE TABLE outbox (message TEXT)");
        db.close();
      },
    ],
  ];
  test.each(damage)("%s", async (_name, spoil) => {
    const backend = await restartableBackend();
    const dataDir = temp("remed-outbox-");
    // A real outbox with leads in it first, so a cut-short file really was a database.
    const before = outboxFor(backend.url, dataDir);
    await before.outbox.enqueue("fr", contact);
    await before.outbox.stop();
    const file = join(dataDir, "outbox.sqlite");
    for (const suffix of ["-wal", "-shm"]) rmSync(file + suffix, { force: true });
    spoil(file);
    const spoiled = readFileSync(file);

    const { outbox, metrics } = outboxFor(backend.url, dataDir);
    const id = await outbox.enqueue("fr", contact);
    await waitFor(async () => (await outbox.status(id))?.status === "delivered");
    const aside = readdirSync(dataDir).filter((name) => name.startsWith("outbox.sqlite.corrupt-") && !/-(wal|shm)$/.test(name));
    expect(aside).toHaveLength(1);
    // Kept as it was, for someone to look at.
    expect(readFileSync(join(dataDir, aside[0])).equals(spoiled)).toBe(true);
    expect(await metrics.registry.getSingleMetricAsString("outbox_corrupt_files_total")).toMatch(/outbox_corrupt_files_total [1-9]/);
  });
});

test("delivery logs carry the outbox's own id, never the id of the visitor whose post scheduled it", async () => {
  const backend = await restartableBackend();
  await backend.stop();
  const { outbox, logger } = outboxFor(backend.url);
  const seen: (string | undefined)[] = [];
  const warn = vi.spyOn(logger, "warn").mockImplementation(((...args: unknown[]) => {
    if (String(args[1]).startsWith("outbox:")) seen.push(requestContext.getStore()?.requestId);
  }) as typeof logger.warn);
  cleanups.push(async () => warn.mockRestore());
  const id = await requestContext.run({ requestId: "visitor-request-1" }, () => outbox.enqueue("fr", contact));
  await waitFor(async () => ((await outbox.status(id))?.attempts ?? 0) >= 1);
  expect(seen.length).toBeGreaterThan(0);
  expect(seen.every((reqId) => reqId?.startsWith("outbox-"))).toBe(true);
});

test("a refused lead stays listed, with the API's reason, until it is sent again and accepted", async () => {
  let refusals = 2;
  const { url, calls } = await fakeApi(() => (refusals-- > 0 ? 422 : 201));
  const { outbox } = outboxFor(url);
  const id = await outbox.enqueue("fr", contact);
  await waitFor(async () => (await outbox.status(id))?.status === "rejected");
  const listed = {
    total: 1,
    leads: [
      {
        id,
        kind: "contactForm",
        lang: "fr",
        name: "Awa Test",
        email: "awa@example.org",
        createdAt: expect.any(String),
        reason: expect.stringMatching(/answered 422$/),
      },
    ],
  };
  expect(await outbox.rejectedLeads()).toEqual(listed);
  // Refused is not waiting, and it is not tried again on its own.
  expect((await outbox.stats()).depth).toBe(0);
  await outbox.flush();
  expect(calls).toHaveLength(1);

  // Sent again and refused again: back in the list, never lost in between.
  expect(await outbox.sendAgain(id)).toBe(true);
  expect((await outbox.rejectedLeads()).total + (await outbox.stats()).depth).toBe(1);
  await waitFor(async () => calls.length === 2 && (await outbox.status(id))?.status === "rejected");
  expect(await outbox.rejectedLeads()).toEqual(listed);

  // Sent again and accepted: gone from the list, delivered with the same Idempotency-Key.
  expect(await outbox.sendAgain(id)).toBe(true);
  await waitFor(async () => (await outbox.status(id))?.status === "delivered");
  expect(await outbox.rejectedLeads()).toEqual({ total: 0, leads: [] });
  expect((await outbox.stats()).depth).toBe(0);
  expect(calls).toEqual(Array(3).fill(`/api/contactForm ${id}`));
  // Only a refused lead can be sent again.
  expect(await outbox.sendAgain(id)).toBe(false);
  expect(await outbox.sendAgain("no-such-lead")).toBe(false);
});

test("photos an earlier version stored as sent are re-encoded before the first delivery, once; the file keeps no original", async () => {
  const dataDir = temp("remed-outbox-");
  const file = join(dataDir, "outbox.sqlite");
  const phone = await gpsPhotoJpeg();
  // The outbox as the version before re-encoding left it: a photo waiting, two bombs (one already
  // uploaded), and a delivered lead whose photo was set NULL with its pages left readable.
  const legacy = new Database(file);
  legacy.pragma("journal_mode = WAL");
  legacy.exec(SCHEMA.replace(/CREATE TABLE IF NOT EXISTS steps[^;]*;/, ""));
  const insert = legacy.prepare(
    "INSERT INTO outbox (id, kind, lang, payload, photo, photo_name, photo_type, upload_id, next_attempt_at, created_at) VALUES (?, 'jobOffer', 'en', ?, ?, ?, ?, ?, 0, ?)",
  );
  const payload = (name: string) =>
    JSON.stringify({
      projectId: 2,
      notificationSourceId: 3,
      languageCode: "en",
      name,
      email: "a@example.org",
      phone: "+905321234567",
      position: "Coordinator",
      message: "",
    });
  insert.run("phone", payload("Phone"), phone, "me.jpg", "image/jpeg", null, 1);
  insert.run("bomb", payload("Bomb"), pngBomb(20_000), "x.png", "image/png", null, 2);
  insert.run("bomb-uploaded", payload("Uploaded"), pngBomb(20_000), "x.png", "image/png", "img-0", 3);
  insert.run("delivered", payload("Done"), phone, "me.jpg", "image/jpeg", "img-9", 4);
  legacy.prepare("UPDATE outbox SET status = 'delivered', photo = NULL WHERE id = 'delivered'").run();
  legacy.close();
  expect(readFileSync(file).includes(EXIF_MARKER)).toBe(true);

  const { url, calls, uploads } = await fakeApi(() => 201);
  const { outbox } = outboxFor(url, dataDir);
  await outbox.flush();
  expect((await outbox.status("phone"))?.status).toBe("delivered");
  expect((await outbox.status("bomb-uploaded"))?.status).toBe("delivered");
  expect(await outbox.status("bomb")).toMatchObject({ status: "rejected", last_error: expect.stringMatching(/photo .* refused: .*million pixels/) });
  // One upload, of the re-encoded photo; the lead whose photo was uploaded before went out with it.
  expect(calls.filter((call) => call.includes("multimedia"))).toEqual(["/api/admin/multimedia/image phone:photo"]);
  const jpeg = uploads[0].subarray(uploads[0].indexOf(Buffer.from([0xff, 0xd8, 0xff])));
  const meta = await sharp(jpeg.subarray(0, jpeg.lastIndexOf(Buffer.from([0xff, 0xd9])) + 2)).metadata();
  expect([meta.width, meta.height, meta.exif, meta.orientation]).toEqual([900, 1200, undefined, undefined]);
  expect(uploads[0].includes(EXIF_MARKER)).toBe(false);
  for (const name of readdirSync(dataDir)) expect(readFileSync(join(dataDir, name)).includes(EXIF_MARKER), name).toBe(false);
  await outbox.stop();

  // Once: the next process finds nothing to do.
  const next = outboxFor(url, dataDir);
  await next.outbox.flush();
  expect(uploads).toHaveLength(1);
});

describe("what the outbox keeps (ADR 030)", () => {
  const DAY = 86_400_000;
  /** A job application with values of its own, and every form in which they could be on disk. */
  function application() {
    const v = uniqueLeadValues("outbox");
    const photo = Buffer.concat([Buffer.from("photo-bytes-"), Buffer.from(v.email), Buffer.alloc(6000, 7)]);
    const lead: Lead = {
      kind: "jobOffer",
      payload: {
        projectId: 2,
        notificationSourceId: 3,
        languageCode: "en",
        name: v.name,
        email: v.email,
        phone: v.phoneStored,
        position: "Coordinator",
        message: v.message,
      },
      photo: { name: `${v.name}.png`, type: "image/png", bytes: photo },
    };
    return { lead, traces: [v.name, v.email, v.phoneStored, v.message, photo] };
  }
  const row = (dataDir: string, id: string) => {
    const db = new Database(join(dataDir, "outbox.sqlite"), { readonly: true });
    try {
      return db.prepare("SELECT * FROM outbox WHERE id = ?").get(id) as Record<string, unknown> | undefined;
    } finally {
      db.close();
    }
  };

  test("a delivered lead keeps only what delivery needs, and no file of the outbox holds what the visitor sent", async () => {
    const { url } = await fakeApi(() => 201);
    const { outbox, dataDir } = outboxFor(url);
    // Other leads before and after, as on a real day: the erased text must not survive in a page they share.
    await outbox.enqueue("fr", contact);
    const { lead, traces } = application();
    const id = await outbox.enqueue("en", lead);
    await outbox.enqueue("fr", contact);
    await waitFor(async () => (await outbox.status(id))?.status === "delivered");
    await outbox.flush();
    expect(row(dataDir, id)).toMatchObject({
      kind: "jobOffer",
      lang: "en",
      status: "delivered",
      payload: "{}",
      photo: null,
      photo_name: null,
      photo_type: null,
      upload_id: null,
      last_error: null,
    });
    expect(row(dataDir, id)?.delivered_at).toEqual(expect.any(Number));
    expect(filesHolding(dataDir, traces)).toEqual([]);
  });

  test("delivered rows and refused leads are deleted after the retention period, waiting ones never; a refused lead can be discarded at once", async () => {
    // Delivered, refused and waiting, by kind.
    const { url } = await fakeApi((path) => (path.includes("contactForm") ? 201 : path.includes("webAgencyRegistration") ? 422 : 503));
    const { outbox, dataDir } = outboxFor(url);
    const partner: Lead = {
      kind: "webAgencyRegistration",
      payload: {
        projectId: 2,
        notificationSourceId: 3,
        languageCode: "ru",
        institutionTypeId: 1,
        countryCode: "KZ",
        organisation: "Almaty Travel",
        contactPerson: "Irina Petrova",
        email: "irina@example.org",
        phone: "+77011234567",
      },
    };
    const delivered = await outbox.enqueue("fr", contact);
    const refused = await outbox.enqueue("ru", partner);
    const discarded = await outbox.enqueue("ru", { ...partner, payload: { ...partner.payload, contactPerson: "Discard Me Soon" } });
    const waiting = await outbox.enqueue("en", application().lead);
    await waitFor(
      async () =>
        (await outbox.status(delivered))?.status === "delivered" &&
        (await outbox.status(discarded))?.status === "rejected" &&
        ((await outbox.status(waiting))?.attempts ?? 0) > 0,
    );
    const old = (at: number) => `outbox.sqlite.corrupt-${new Date(at).toISOString().replace(/[:.]/g, "-")}`;
    const [oldAside, newAside] = [old(Date.now() - 2 * DAY), old(Date.now())];
    for (const name of [oldAside, `${oldAside}-wal`, newAside]) writeFileSync(join(dataDir, name), "a damaged outbox");

    expect(await outbox.discard(discarded)).toBe(true);
    expect(await outbox.discard(discarded)).toBe(false);
    expect(await outbox.discard(delivered)).toBe(false);
    expect(filesHolding(dataDir, ["Discard Me Soon"])).toEqual([]);

    await outbox.purgeExpired(Date.now() + 29 * DAY);
    expect((await Promise.all([delivered, refused, waiting].map((id) => outbox.status(id)))).map((row) => row?.status)).toEqual([
      "delivered",
      "rejected",
      "pending",
    ]);
    expect(existsSync(join(dataDir, oldAside))).toBe(false);
    expect(existsSync(join(dataDir, `${oldAside}-wal`))).toBe(false);
    expect(existsSync(join(dataDir, newAside))).toBe(true);

    await outbox.purgeExpired(Date.now() + 31 * DAY);
    expect((await Promise.all([delivered, refused, waiting].map((id) => outbox.status(id)))).map((row) => row?.status)).toEqual([
      undefined,
      undefined,
      "pending",
    ]);
    expect((await outbox.rejectedLeads()).total).toBe(0);
    expect(filesHolding(dataDir, ["Irina Petrova", "irina@example.org"])).toEqual([]);
  });

  test("a delivered row written before scrubbing existed is scrubbed when the outbox opens, and the file rewritten once", async () => {
    const dataDir = temp("remed-outbox-");
    const { lead, traces } = application();
    // An outbox as the previous version left it: delivered with its payload, the photo dropped without secure_delete.
    const db = new Database(join(dataDir, "outbox.sqlite"));
    db.pragma("journal_mode = WAL");
    db.exec(SCHEMA);
    const photo = lead.kind === "jobOffer" ? lead.photo.bytes : null;
    db.prepare("INSERT INTO outbox (id, kind, lang, payload, photo, next_attempt_at, created_at) VALUES ('old', 'jobOffer', 'en', ?, ?, 0, 0)").run(
      JSON.stringify(lead.payload),
      photo,
    );
    db.prepare("UPDATE outbox SET status = 'delivered', delivered_at = ?, photo = NULL WHERE id = 'old'").run(Date.now());
    db.close();
    expect(filesHolding(dataDir, traces)).not.toEqual([]);

    const { url } = await fakeApi(() => 201);
    const { outbox } = outboxFor(url, dataDir);
    outbox.start();
    await outbox.flush();
    expect(row(dataDir, "old")).toMatchObject({ status: "delivered", payload: "{}" });
    expect(filesHolding(dataDir, traces)).toEqual([]);
  });
});

describe("the site's own jobs (mail, issue 41)", () => {
  test("a delivered lead makes its alert job once; a mail job is stored once per id, kept without SMTP, and erased by its lead's prefix", async () => {
    const backend = await restartableBackend();
    const { outbox } = outboxFor(backend.url);
    const alerts: string[] = [];
    outbox.useJobs({
      async mail() {
        return "kept";
      },
      isMailRefused: () => false,
      async leadAlert(row) {
        alerts.push(row.id);
        const mail = { id: "lead-alert:7:1", kind: "mail" as const, lang: "tr", payload: { to: "a@example.org", subject: "Yeni talep" } };
        // Made twice (a retry, a second instance): stored once.
        expect([await outbox.enqueueJob(mail), await outbox.enqueueJob(mail)]).toEqual([true, false]);
      },
      digest: async () => undefined,
    });
    const id = await outbox.enqueue("fr", contact);
    await outbox.flush();
    await outbox.flush();
    expect(alerts).toEqual([`alert-job:${id}`]);
    expect(backend.leads()).toHaveLength(1);
    const { total, rows } = await outbox.mail(10, 0);
    expect(total).toBe(1);
    expect(rows[0]).toMatchObject({ id: "lead-alert:7:1", status: "kept", attempts: 1 });
    expect(await outbox.eraseMailAbout("lead-alert:70:")).toBe(0);
    expect(await outbox.eraseMailAbout("lead-alert:7:")).toBe(1);
    expect((await outbox.mail(10, 0)).total).toBe(0);
  });

  test("a job the API refuses (one without the call answers 404) ends failed after one try and is never listed as a refused lead", async () => {
    const { url } = await fakeApi(() => 201);
    const { outbox, dataDir } = outboxFor(url);
    let tries = 0;
    outbox.useJobs({
      mail: async () => "kept",
      isMailRefused: () => false,
      leadAlert: async () => undefined,
      async digest() {
        tries += 1;
        throw new ApiError("status", "API call mailDigests answered 404", 404);
      },
    });
    expect(await outbox.enqueueJob({ id: "digest-job:2026-11-29", kind: "digest", lang: "en", payload: { day: "2026-11-29" } })).toBe(true);
    await outbox.flush();
    await outbox.flush();
    expect(tries).toBe(1);
    const db = new Database(join(dataDir, "outbox.sqlite"), { readonly: true });
    expect(db.prepare("SELECT status FROM outbox WHERE id = ?").pluck().get("digest-job:2026-11-29")).toBe("failed");
    db.close();
    expect((await outbox.rejectedLeads()).total).toBe(0);
    expect((await outbox.stats()).depth).toBe(0);
  });
});
