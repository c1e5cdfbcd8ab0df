import { cpSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { OWNER, staffBackend, type StaffBackend } from "../tests/support/staff";

describe("content permissions", () => {
  let env: StaffBackend;
  beforeAll(async () => {
    env = await staffBackend();
    env.addUsers([
      { email: "coord@remed.test", role: "coordinator" },
      { email: "viewer@remed.test", role: "viewer" },
      { email: "editor@remed.test", role: "editor" },
    ]);
  });
  afterAll(() => env.close());

  const as = async (email: string) => {
    const token = (await env.session(email)).accessToken;
    return (method: string, path: string, body?: unknown) => env.call(method, `/api/admin/content/${path}`, { token, body });
  };

  test("a coordinator sees no content; a viewer reads only; an editor writes and publishes", async () => {
    const [coordinator, viewer, editor] = await Promise.all(["coord@remed.test", "viewer@remed.test", "editor@remed.test"].map(as));
    expect((await coordinator("GET", "faq")).status).toBe(403);
    expect((await coordinator("GET", "faq/901")).status).toBe(403);

    const list = await viewer("GET", "faq");
    expect(list.status).toBe(200);
    expect(list.body.result.totalCount).toBe(6);
    const faq = (await viewer("GET", "faq/901")).body.result;
    const body = { shared: faq.shared, texts: { en: { ...faq.texts.en.fields, question: "Do I need a visa?" } } };
    expect((await viewer("PUT", "faq/901", body)).status).toBe(403);
    expect((await viewer("POST", "faq/901/publish", { languages: ["en"] })).status).toBe(403);
    expect((await viewer("DELETE", "faq/901")).status).toBe(403);

    expect((await editor("PUT", "faq/901", body)).status).toBe(200);
    expect((await editor("POST", "faq/901/publish", { languages: ["en"] })).status).toBe(200);
    expect(env.audit("content.publish").at(-1)).toMatchObject({ actor_email: "editor@remed.test", target: "faq:901" });
    expect((await env.call("GET", "/api/admin/content/faq")).status).toBe(401);
  });
});

describe("the seed", () => {
  const seedCopy = mkdtempSync(join(tmpdir(), "remed-seed-"));
  cpSync("backend/seed/content", seedCopy, { recursive: true });
  const dataDir = mkdtempSync(join(tmpdir(), "remed-content-"));
  const question = async (env: StaffBackend, id: number) =>
    ((await env.call("GET", "/api/faqs", { headers: { "accept-language": "en" } })).body.result.data as { id: number; question: string }[]).find(
      (f) => f.id === id,
    )?.question;
  const changeSeedQuestion = (text: string) => {
    const file = join(seedCopy, "en", "faqs.json");
    const faqs = JSON.parse(readFileSync(file, "utf8"));
    faqs[1].question = text;
    writeFileSync(file, JSON.stringify(faqs));
  };

  test("a changed seed applies while nobody has edited; after an edit, neither a restart nor a new seed undoes it", async () => {
    process.env.SEED_DIR = seedCopy;
    try {
      let env = await staffBackend({ dataDir });
      await env.close();
      changeSeedQuestion("How long should I plan to stay?");
      env = await staffBackend({ dataDir });
      expect(await question(env, 902)).toBe("How long should I plan to stay?");

      const token = (await env.session(OWNER.email)).accessToken;
      const faq = (await env.call("GET", "/api/admin/content/faq/901", { token })).body.result;
      const body = { shared: faq.shared, texts: { en: { ...faq.texts.en.fields, question: "Will I need a visa for Turkey?" } } };
      expect((await env.call("PUT", "/api/admin/content/faq/901", { token, body })).status).toBe(200);
      expect((await env.call("POST", "/api/admin/content/faq/901/publish", { token, body: { languages: ["en"] } })).status).toBe(200);
      await env.close();

      changeSeedQuestion("A question the seed changed after the edit?");
      env = await staffBackend({ dataDir });
      expect(await question(env, 901)).toBe("Will I need a visa for Turkey?");
      expect(await question(env, 902)).toBe("How long should I plan to stay?");
      await env.close();
    } finally {
      delete process.env.SEED_DIR;
    }
  });
});
