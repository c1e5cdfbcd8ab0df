import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { adminEndpoints, contentWriteResponses } from "../app/lib/platform/api/admin-contract";
import { LANGUAGE_CODES } from "../app/lib/platform/api/contract";
import { cleanRichText } from "../app/lib/site/sanitize.server";
import type { ContentItem, ContentKind, Lang } from "../app/lib/platform/api/content-contract";
import { OWNER, staffBackend, type StaffBackend } from "../tests/support/staff";

let env: StaffBackend;
let owner: string;
beforeAll(async () => {
  env = await staffBackend();
  owner = (await env.session(OWNER.email)).accessToken;
});
afterAll(() => env.close());

const admin = (method: string, path: string, body?: unknown) => env.call(method, `/api/admin/content/${path}`, { token: owner, body });
/** A public read in a language, with the site's client token. */
const read = (path: string, lang: Lang) => env.call("GET", `/api/${path}`, { headers: { "accept-language": lang } });

async function open(kind: ContentKind, id: number): Promise<ContentItem> {
  const answer = await admin("GET", `${kind}/${id}`);
  expect(answer.status).toBe(200);
  return adminEndpoints.contentItem.response.parse(answer.body).result;
}

/** Saves an item with some languages' fields changed (the editor sends every field of a language it edits). */
async function edit(kind: ContentKind, id: number, changes: Partial<Record<Lang, Record<string, unknown>>>, shared: Record<string, unknown> = {}) {
  const item = await open(kind, id);
  const texts = Object.fromEntries(Object.entries(changes).map(([lang, fields]) => [lang, { ...item.texts[lang as Lang].fields, ...fields }]));
  return admin("PUT", `${kind}/${id}`, { shared: { ...item.shared, ...shared }, texts });
}

const publish = (kind: ContentKind, id: number, languages: Lang[]) => admin("POST", `${kind}/${id}/publish`, { languages });

async function createFaq(texts: Partial<Record<Lang, { question: string; answer: string }>>) {
  const answer = await admin("POST", "faq", { shared: { sort: 50 }, texts });
  expect(answer.status).toBe(201);
  return contentWriteResponses.item.parse(answer.body).result;
}

describe("saving and publishing", () => {
  test("a save changes the working copy only; publishing shows it, says what changed and is audited", async () => {
    const before = (await read("treatment/1", "en")).body.result;
    const saved = await edit("treatment", 1, { en: { title: "Hair transplant in Istanbul, revised" } });
    expect(saved.status).toBe(200);
    expect(saved.body.result.texts.en.status).toBe("changed");
    expect(saved.body.result.texts.tr.status).toBe("published");
    expect((await read("treatment/1", "en")).body.result).toEqual(before);

    const published = await publish("treatment", 1, ["en"]);
    expect(published.status).toBe(200);
    const { change, item } = contentWriteResponses.write.parse(published.body).result;
    expect(change).toMatchObject({ kind: "treatment", id: 1, languages: ["en"], uris: { en: before.uri }, oldUris: {} });
    expect(item!.texts.en.status).toBe("published");
    expect((await read("treatment/1", "en")).body.result.title).toBe("Hair transplant in Istanbul, revised");
    expect(env.audit("content.publish").at(-1)).toMatchObject({ actor_email: OWNER.email, target: "treatment:1", detail: "en" });
    // The seeded text is the first version, kept when the first edit came.
    const versions = adminEndpoints.contentVersions.response.parse((await admin("GET", "treatment/1/versions")).body).result.data;
    expect(versions.map((v) => [v.action, v.author?.email ?? null])).toEqual([
      ["publish", OWNER.email],
      ["save", OWNER.email],
      ["seed", null],
    ]);
  });

  test("saving a seeded item unchanged leaves every language published, though its bodies are stored cleaned", async () => {
    // A seeded post whose body the cleaning rewrites (an image it does not allow), so the case can fail.
    const posts = (await read("blog?pageSize=100&categoryId=1", "en")).body.result.data as { id: number; body: string }[];
    const rewritten = posts.find((p) => cleanRichText(p.body) !== p.body);
    expect(rewritten).toBeDefined();
    const saved = await edit("blog", rewritten!.id, { en: {}, fr: {}, ar: {} });
    expect(saved.status).toBe(200);
    const item = adminEndpoints.contentItem.response.parse(saved.body).result;
    expect(item.texts.en.fields.body).toBe(cleanRichText(rewritten!.body));
    expect(LANGUAGE_CODES.map((lang) => item.texts[lang].status)).toEqual(LANGUAGE_CODES.map(() => "published"));
  });

  test("a text page (ADR 061) is edited and published by its route-table name; it is never created, deleted, taken down or published where the table gives it no URL", async () => {
    const terms = await open("page", 1012);
    expect(terms.shared).toEqual({ page: "terms-and-conditions" });
    // The page name is seeded and not the editor's: a save that sends another keeps it.
    expect((await edit("page", 1012, { ru: { lead: "Новый вводный текст." } }, { page: "about-us" })).status).toBe(200);
    expect((await publish("page", 1012, ["ru"])).status).toBe(200);
    expect((await read("pages/terms-and-conditions", "ru")).body.result).toMatchObject({
      id: 1012,
      page: "terms-and-conditions",
      lead: "Новый вводный текст.",
    });
    expect((await read("pages/terms-and-conditions", "en")).body.result.lead).toBe(terms.texts.en.fields.lead);
    expect((await read("pages/no-such-page", "en")).status).toBe(404);

    const fixed = [{ field: "kind", message: "fixed_page" }];
    expect((await admin("POST", "page", { shared: {}, texts: { en: terms.texts.en.fields } })).body.errors).toEqual(fixed);
    for (const [method, path] of [
      ["DELETE", "page/1012"],
      ["POST", "page/1012/unpublish"],
    ]) {
      const refused = await admin(method, path, {});
      expect([refused.status, refused.body.errors]).toEqual([409, [{ field: "id", message: "fixed_page" }]]);
    }
    // The KVKK notice is the Turkish site's only: no other language may be published.
    const notice = (await open("page", 1015)).texts.tr.fields;
    expect((await edit("page", 1015, { en: notice })).status).toBe(200);
    const noPage = await publish("page", 1015, ["en"]);
    expect([noPage.status, noPage.body.errors]).toEqual([422, [{ field: "languages", message: "no_page" }]]);
    expect((await read("pages/data-protection-notice", "en")).status).toBe(404);
    expect((await read("pages/data-protection-notice", "tr")).status).toBe(200);
  });

  test("a post with a body of the allowed length in every language, Arabic and Cyrillic at two bytes a character, is saved", async () => {
    const letters: Record<Lang, string> = { en: "a", tr: "ş", ru: "ж", fr: "é", ar: "ب" };
    const full = (lang: Lang) => `<p>${letters[lang].repeat(100_000 - 7)}</p>`;
    const saved = await edit("blog", 203, Object.fromEntries(LANGUAGE_CODES.map((lang) => [lang, { body: full(lang) }])));
    expect(saved.status).toBe(200);
    expect((await open("blog", 203)).texts.ar.fields.body).toBe(cleanRichText(full("ar")));
  });

  test("a language missing a field is not published, and the answer names the language and the field", async () => {
    const tr = (await read("treatment/2", "tr")).body.result;
    expect((await edit("treatment", 2, { tr: { title: "", imageAlt: "" } })).status).toBe(200);
    const item = await open("treatment", 2);
    expect(item.texts.tr).toMatchObject({ status: "changed", missing: ["title", "imageAlt"] });

    const refused = await publish("treatment", 2, ["en", "tr"]);
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual([
      { field: "texts.tr.title", message: "required" },
      { field: "texts.tr.imageAlt", message: "required" },
    ]);
    expect((await read("treatment/2", "tr")).body.result).toEqual(tr);
  });

  test("an item published in en only is absent from the ar list and from its en page's languagePaths", async () => {
    const faq = await createFaq({ en: { question: "Can my family visit me in hospital?", answer: "<p>Yes, at any time.</p>" } });
    expect(faq.texts.ar.status).toBe("incomplete");
    expect((await publish("faq", faq.id, ["en"])).status).toBe(200);
    const ids = async (lang: Lang) => ((await read("faqs?pageSize=100", lang)).body.result.data as { id: number }[]).map((f) => f.id);
    expect(await ids("en")).toContain(faq.id);
    expect(await ids("ar")).not.toContain(faq.id);

    // A post taken down in ar: gone from the ar list and page, and from the en page's alternates.
    const unpublished = await admin("POST", "blog/202/unpublish", { languages: ["ar"] });
    expect(contentWriteResponses.write.parse(unpublished.body).result.change).toMatchObject({ languages: ["ar"], oldUris: { ar: expect.any(String) } });
    const posts = (await read("blog?pageSize=100", "ar")).body.result.data as { id: number }[];
    expect(posts.map((p) => p.id)).not.toContain(202);
    expect((await read("blog/202", "ar")).status).toBe(404);
    const en = (await read("blog/202", "en")).body.result as { languagePaths: { languageCode: string }[] };
    expect(en.languagePaths.map((p) => p.languageCode).sort()).toEqual(["en", "fr", "ru", "tr"]);
  });
});

describe("two editors on one item", () => {
  test("a write made from a version the item has moved past is refused with 409 stale, and the other's work stays", async () => {
    const opened = await open("faq", 905);
    const asked = (question: string) => ({ shared: opened.shared, texts: { en: { ...opened.texts.en.fields, question } }, version: opened.version });
    // Both opened the same version; the first to save wins it.
    const first = await admin("PUT", "faq/905", asked("Who meets me at the airport?"));
    expect(first.status).toBe(200);
    // The answer's version is the item's now: the next write from it goes through.
    expect(first.body.result.version).toBe((await open("faq", 905)).version);
    const second = await admin("PUT", "faq/905", asked("Is the airport transfer included?"));
    expect(second.status).toBe(409);
    expect(second.body.errors).toEqual([{ field: "version", message: "stale" }]);
    expect((await open("faq", 905)).texts.en.fields.question).toBe("Who meets me at the airport?");

    // Publishing and unpublishing from an old version are refused too; from the current one they go.
    expect((await admin("POST", "faq/905/publish", { languages: ["en"], version: opened.version })).status).toBe(409);
    const current = (await open("faq", 905)).version;
    const published = await admin("POST", "faq/905/publish", { languages: ["en"], version: current });
    expect(published.status).toBe(200);
    expect((await admin("POST", "faq/905/unpublish", { languages: ["en"], version: current })).status).toBe(409);
    expect((await admin("POST", "faq/905/unpublish", { languages: ["en"], version: published.body.result.item.version })).status).toBe(200);
    // Without a version, the write is made whatever changed (the API used directly, as before).
    expect((await admin("PUT", "faq/905", { ...asked("Is the airport transfer included?"), version: undefined })).status).toBe(200);
  });
});

describe("a new post", () => {
  /** An uploaded image as admin/content/images leaves it: its size and its variants' rows. */
  function uploadedImage(id: string) {
    env.db.prepare("INSERT INTO images VALUES (?, 4000, 3000, 'image/jpeg', 1, 1, ?)").run(id, new Date().toISOString());
    for (const width of [400, 800, 1200, 1600]) env.db.prepare("INSERT INTO image_variants VALUES (?, ?, ?, x'00')").run(id, width, width * 0.75);
  }

  test("with an uploaded image, published in en only: in the en list with its srcset, nowhere in ar", async () => {
    const imageId = "0123456789abcdef0123456789abcdef";
    uploadedImage(imageId);
    const en = {
      uri: "travel-insurance-for-treatment",
      title: "Travel insurance for treatment abroad",
      summary: "What a policy should cover.",
      body: "<p>Check the cover.</p>",
      seoTitle: "",
      seoDescription: "",
      imageAlt: "A passport and a policy",
      author: "Remed",
    };
    const created = await admin("POST", "blog", { shared: { publishedAt: "2026-11-25T09:00:00.000Z", categoryId: 701, imageId }, texts: { en } });
    expect(created.status).toBe(201);
    const id = created.body.result.id as number;
    expect(created.body.result.texts.ar).toMatchObject({ status: "incomplete", missing: ["uri", "title", "summary", "body", "imageAlt", "author"] });
    expect((await publish("blog", id, ["en", "ar"])).status).toBe(422);
    expect((await publish("blog", id, ["en"])).status).toBe(200);

    const first = (await read("blog?pageSize=3", "en")).body.result.data[0];
    expect(first).toMatchObject({ id, uri: en.uri, languagePaths: [{ languageCode: "en", route: en.uri }] });
    expect(first.image).toEqual({
      url: `/media/u/${imageId}/1600.webp`,
      width: 1600,
      height: 1200,
      alt: en.imageAlt,
      srcset: [400, 800, 1200, 1600].map((width) => ({ url: `/media/u/${imageId}/${width}.webp`, width })),
    });
    expect(((await read("blog?pageSize=100", "ar")).body.result.data as { id: number }[]).map((p) => p.id)).not.toContain(id);
    expect((await read(`blog/${id}`, "ar")).status).toBe(404);
  });
});

describe("preview", () => {
  test("answers the working copy in the public shape; an incomplete language answers 422", async () => {
    const published = (await read("subTreatment/102", "en")).body.result;
    await edit("subTreatment", 102, { en: { title: "DHI hair transplant, draft" }, ar: { title: "" } });
    const preview = await admin("GET", "subTreatment/102/preview/en");
    expect(preview.status).toBe(200);
    expect(preview.body.result).toEqual({ ...published, title: "DHI hair transplant, draft" });
    expect((await read("subTreatment/102", "en")).body.result).toEqual(published);
    const incomplete = await admin("GET", "subTreatment/102/preview/ar");
    expect(incomplete.status).toBe(422);
    expect(incomplete.body.errors).toEqual([{ field: "texts.ar.title", message: "required" }]);
  });
});

describe("uris", () => {
  test("are unique per kind and language (409), lowercased, and may be Arabic or Cyrillic", async () => {
    const first = await open("treatment", 1);
    const taken = await edit("treatment", 3, { en: { uri: first.texts.en.fields.uri } });
    expect(taken.status).toBe(409);
    expect(taken.body.errors).toEqual([{ field: "texts.en.uri", message: "uri_taken" }]);
    // The same uri in another language is another page.
    expect((await edit("treatment", 3, { tr: { uri: first.texts.en.fields.uri } })).status).toBe(200);

    const scripts = await edit("treatment", 3, { ar: { uri: "زراعة-الشعر-الجديدة" }, ru: { uri: "Новая-Страница" } });
    expect(scripts.status).toBe(200);
    expect(scripts.body.result.texts.ar.fields.uri).toBe("زراعة-الشعر-الجديدة");
    expect(scripts.body.result.texts.ru.fields.uri).toBe("новая-страница");
    const bad = await edit("treatment", 3, { en: { uri: "two words" } });
    expect(bad.status).toBe(422);
    expect(bad.body.errors[0]).toEqual({ field: "texts.en.uri", message: "uri_format" });
  });

  test("a published uri that changes leaves a redirect; the old uri resolves to the new one", async () => {
    const old = (await read("treatment/4", "ru")).body.result.uri as string;
    await edit("treatment", 4, { ru: { uri: "ринопластика-в-стамбуле" } });
    const { change } = contentWriteResponses.write.parse((await publish("treatment", 4, ["ru"])).body).result;
    expect(change).toMatchObject({ languages: ["ru"], uris: { ru: "ринопластика-в-стамбуле" }, oldUris: { ru: old } });
    expect((await read("treatment/4", "ru")).body.result.uri).toBe("ринопластика-в-стамбуле");
    const redirect = await read(`redirect?kind=treatment&uri=${encodeURIComponent(old)}`, "ru");
    expect(redirect.body.result).toEqual({ kind: "treatment", id: 4, uri: "ринопластика-в-стамбуле" });
    expect((await read(`redirect?kind=treatment&uri=${encodeURIComponent(old)}`, "en")).status).toBe(404);

    // Doctors are addressed by slug: the old slug finds the doctor's new one.
    await edit("doctor", 801, { fr: { uri: "dr-deniz-karaca" } });
    await publish("doctor", 801, ["fr"]);
    expect((await read("doctor/uri/dr-deniz-karaca", "fr")).body.result).toMatchObject({ id: 801, name: "Deniz Karaca" });
    expect((await read("doctor/uri/deniz-karaca", "fr")).status).toBe(404);
    expect((await read("redirect?kind=doctor&uri=deniz-karaca", "fr")).body.result).toEqual({ kind: "doctor", id: 801, uri: "dr-deniz-karaca" });
    expect((await read("doctor/uri/deniz-karaca", "en")).body.result.id).toBe(801);
  });
});

describe("versions", () => {
  test("every save is a version; restoring one brings its text back once published", async () => {
    const faq = await createFaq({ fr: { question: "Première version ?", answer: "<p>Oui.</p>" } });
    await publish("faq", faq.id, ["fr"]);
    await edit("faq", faq.id, { fr: { question: "Deuxième version ?" } });
    await publish("faq", faq.id, ["fr"]);
    const question = async () =>
      ((await read("faqs?pageSize=100", "fr")).body.result.data as { id: number; question: string }[]).find((f) => f.id === faq.id)?.question;
    expect(await question()).toBe("Deuxième version ?");

    const versions = adminEndpoints.contentVersions.response.parse((await admin("GET", `faq/${faq.id}/versions`)).body).result.data;
    expect(versions.map((v) => v.action)).toEqual(["publish", "save", "publish", "save"]);
    expect(versions[0].author).toEqual({ id: 1, email: OWNER.email, name: "owner" });
    const first = versions.at(-1)!;
    expect(
      adminEndpoints.contentVersion.response.parse((await admin("GET", `faq/${faq.id}/versions/${first.id}`)).body).result.snapshot.texts.fr,
    ).toMatchObject({
      question: "Première version ?",
    });

    const restored = await admin("POST", `faq/${faq.id}/versions/${first.id}/restore`);
    expect(contentWriteResponses.write.parse(restored.body).result.change.languages).toEqual([]);
    expect(await question()).toBe("Deuxième version ?");
    await publish("faq", faq.id, ["fr"]);
    expect(await question()).toBe("Première version ?");
    expect(env.audit("content.restore").at(-1)).toMatchObject({ target: `faq:${faq.id}`, detail: `version ${first.id}` });
  });
});

describe("deleting", () => {
  test("takes the item off the public site and the editor (404); one that others point at is refused", async () => {
    const faq = await createFaq({ tr: { question: "Silinecek soru?", answer: "<p>Evet.</p>" } });
    await publish("faq", faq.id, ["tr"]);
    const deleted = await admin("DELETE", `faq/${faq.id}`);
    expect(contentWriteResponses.write.parse(deleted.body).result).toMatchObject({ change: { languages: ["tr"] }, item: null });
    expect(((await read("faqs?pageSize=100", "tr")).body.result.data as { id: number }[]).map((f) => f.id)).not.toContain(faq.id);
    expect((await admin("GET", `faq/${faq.id}`)).status).toBe(404);
    expect(env.audit("content.delete").at(-1)).toMatchObject({ target: `faq:${faq.id}` });

    // Treatment 5 has sub-treatments.
    expect((await admin("DELETE", "treatment/5")).body.errors).toEqual([{ field: "id", message: "in_use" }]);
    expect((await read("treatment/5", "en")).status).toBe(200);
  });
});

describe("bodies", () => {
  test("are sanitized on save: the script and the handler never reach the public answer", async () => {
    const probe = '<p>Fine.</p><script>alert("x")</script><img src="x" onerror="alert(1)"><a href="javascript:alert(1)">link</a>';
    const saved = await edit("faq", 901, { en: { answer: probe } });
    expect(saved.status).toBe(200);
    await publish("faq", 901, ["en"]);
    const answer = ((await read("faqs", "en")).body.result.data as { id: number; answer: string }[]).find((f) => f.id === 901)!.answer;
    expect(answer).toContain("<p>Fine.</p>");
    expect(answer).not.toMatch(/script|onerror|javascript:/);
  });
});
