import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { contentFormDefaults } from "../../app/lib/admin/content-form";
import { adminEndpoints, contentWriteResponses } from "../../app/lib/platform/api/admin-contract";
import type { ContentKind, Lang } from "../../app/lib/platform/api/content-contract";
import { CLIENT } from "../support/backend";
import { photoJpeg } from "../support/photos";
import { clinicDateTimeInput } from "../../app/lib/admin/staff-time";
import { clinicToday } from "../../app/lib/admin/clinic-day";
import { CONSENT_COOKIE } from "../../app/lib/platform/cookies.server";
import { signInToSite } from "../support/site-sign-in";
import { freePort, startProcess, tempDir, type Proc } from "../support/processes";
import { OWNER, staffBackend, type StaffBackend } from "../support/staff";

// Issue #15's public acceptance checks over HTTP: content changed through the backend's staff API
// (a staff token from the identity endpoints), then the built site read as a visitor reads it. One
// site process for the file; each check reads its pages first after its own change, so the site's
// caches (which only the editor's actions clear) hold nothing older.

let env: StaffBackend;
let site: Proc;
let token: string;

beforeAll(async () => {
  env = await staffBackend();
  token = (await env.session(OWNER.email)).accessToken;
  const port = await freePort();
  site = await startProcess(
    "build/server.js",
    {
      PORT: String(port),
      API_URL: env.backend.url,
      CLIENT_ID: CLIENT.clientId,
      CLIENT_SECRET: CLIENT.clientSecret,
      FORM_SECRET: "f".repeat(32),
      DATA_DIR: tempDir("remed-content-public-"),
      LOG_LEVEL: "warn",
      RATE_LIMIT_PER_MINUTE: "100000",
    },
    `http://127.0.0.1:${port}/healthz`,
  );
}, 60_000);

afterAll(async () => {
  await site?.stop();
  await env?.close();
});

/** A 1×1 PNG: a job applicant's photo. */
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==", "base64");

const staff = (method: string, path: string, body?: unknown) => env.call(method, `/api/admin/content/${path}`, { token, body });

/** Changes some fields of an item's languages (every other field as it is) and publishes those languages. */
async function publishEdit(kind: ContentKind, id: number, changes: Partial<Record<Lang, Record<string, unknown>>>) {
  const item = adminEndpoints.contentItem.response.parse((await staff("GET", `${kind}/${id}`)).body).result;
  const texts = Object.fromEntries(Object.entries(changes).map(([lang, fields]) => [lang, { ...item.texts[lang as Lang].fields, ...fields }]));
  expect((await staff("PUT", `${kind}/${id}`, { shared: item.shared, texts })).status).toBe(200);
  const published = await staff("POST", `${kind}/${id}/publish`, { languages: Object.keys(changes) });
  expect(published.status, JSON.stringify(published.body)).toBe(200);
  return contentWriteResponses.write.parse(published.body).result;
}

/** A page of the site as a first-time visitor gets it, redirects not followed. */
async function visit(path: string) {
  const res = await fetch(`${site.url}${encodeURI(path)}`, { redirect: "manual" });
  return { status: res.status, location: res.headers.get("location"), html: await res.text() };
}

/** Signs in to the site's back office as the owner, as a browser does (once); answers the session cookie. */
let session: Promise<string> | undefined;
const signIn = () => (session ??= signInOnce());
async function signInOnce() {
  return (await signInToSite(site.url, OWNER.email, OWNER.password)).session;
}

/**
 * An item's editor as a browser opens it: its form's fields as the page holds them (the token, the
 * hidden ones, every field as the API has it) and `send`, which posts them as the browser would,
 * to this site or to another instance sharing its secret.
 */
async function openEditor(kind: ContentKind, id: number) {
  const cookie = await signIn();
  const page = await fetch(`${site.url}/admin/content/${kind}/${id}`, { headers: { cookie } });
  const html = await page.text();
  const cookies = [cookie, ...page.headers.getSetCookie().map((c) => c.split(";")[0])].join("; ");
  const item = adminEndpoints.contentItem.response.parse((await staff("GET", `${kind}/${id}`)).body).result;
  const values = contentFormDefaults(kind, item.shared, Object.fromEntries(Object.entries(item.texts).map(([lang, state]) => [lang, state.fields])), []);
  const form = new URLSearchParams([...html.matchAll(/<input\b[^>]*\bname="(csrf|version)"[^>]*\bvalue="([^"]*)"/g)].map(([, name, value]) => [name, value]));
  for (const [name, value] of Object.entries(values.shared)) for (const one of [value].flat()) form.append(`shared.${name}`, one);
  for (const [lang, fields] of Object.entries(values.texts)) for (const [name, value] of Object.entries(fields)) form.set(`texts.${lang}.${name}`, value);
  const send = (to: Proc = site) =>
    fetch(`${to.url}/admin/content/${kind}/${id}`, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded", cookie: cookies, origin: to.url },
      body: form,
    });
  return { form, send, html, cookies };
}

const alternates = (html: string) =>
  Object.fromEntries(
    [...html.matchAll(/<link rel="alternate" hrefLang="([^"]+)" href="([^"]+)"/gi)].map(([, lang, href]) => [lang, decodeURI(new URL(href).pathname)]),
  );
/** Where the language menu leads in each language. */
const switcher = (html: string) =>
  Object.fromEntries([...html.matchAll(/<a href="([^"]+)" hrefLang="([^"]+)" lang=/gi)].map(([, href, lang]) => [lang, decodeURI(href)]));

/** The site's header: the menus, from the logo to the end of the header. */
const header = (html: string) => html.slice(html.indexOf("<header"), html.indexOf("</header>"));

/** A page's form fields as a browser would post them: inputs (checked boxes only) and each select's chosen option. */
function formFields(html: string) {
  const fields = new URLSearchParams();
  const attr = (tag: string, name: string) => new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1];
  const text = (value: string) =>
    value
      .replace(/&quot;/g, '"')
      .replace(/&lt;/g, "<")
      .replace(/&gt;/g, ">")
      .replace(/&amp;/g, "&");
  for (const [tag] of html.matchAll(/<input\b[^>]*>/g)) {
    const name = attr(tag, "name");
    const type = attr(tag, "type") ?? "text";
    if (!name || ((type === "checkbox" || type === "radio") && !/\schecked=""/.test(tag))) continue;
    fields.append(name, text(attr(tag, "value") ?? (type === "checkbox" ? "on" : "")));
  }
  for (const [, name, options] of html.matchAll(/<select\b[^>]*\sname="([^"]+)"[^>]*>([\s\S]*?)<\/select>/g)) {
    const chosen = /<option\b[^>]*\svalue="([^"]*)"[^>]*\sselected=""/.exec(options) ?? /<option\b[^>]*\svalue="([^"]*)"/.exec(options);
    if (chosen) fields.append(name, text(chosen[1]));
  }
  return fields;
}

describe("published content on the public site", () => {
  test("a post published in en only is in the en blog list, not the ar one, and its en page names no ar alternate", async () => {
    // The newest post: on page 1 of the blog.
    const id = 210;
    const { change } = contentWriteResponses.write.parse((await staff("POST", `blog/${id}/unpublish`, { languages: ["tr", "ru", "fr", "ar"] })).body).result;
    expect(Object.keys(change.uris)).toEqual(["en"]);
    const enPath = `/en/blog/${change.uris.en}/${id}`;

    expect((await visit("/en/blog")).html).toContain(`href="${enPath}"`);
    const arList = await visit("/ar/المدونة");
    expect(arList.status).toBe(200);
    expect(arList.html).not.toMatch(new RegExp(`/${id}"`));
    expect((await visit(`/ar/المدونة/${change.oldUris.ar}/${id}`)).status).toBe(404);

    const page = await visit(enPath);
    expect(page.status).toBe(200);
    expect(alternates(page.html)).toEqual({ en: enPath, "x-default": enPath });
    // The switcher offers the ar blog itself, not a post that is not there.
    expect(switcher(page.html).ar).toBe("/ar/المدونة");
  });

  test("the blog's first page lists 10 posts, the specification's page size, when there are more", async () => {
    // Two more French posts, copies of a seeded one: more than 10 whatever the other checks unpublished.
    // A new item needs an uploaded picture (the seed's are artwork); one serves both.
    const image = await env.api.staff.as(token).uploadImage(await photoJpeg({ width: 800, height: 600 }));
    expect(image.status).toBe(201);
    const imageId = (image.data as { result: { id: string } }).result.id;
    const item = adminEndpoints.contentItem.response.parse((await staff("GET", "blog/201")).body).result;
    for (const n of [1, 2]) {
      const fr = { ...item.texts.fr.fields, uri: `page-size-${n}`, title: `Taille de page ${n}` };
      const created = await staff("POST", "blog", { shared: { ...item.shared, imageId }, texts: { fr } });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      const published = await staff("POST", `blog/${created.body.result.id as number}/publish`, { languages: ["fr"] });
      expect(published.status, JSON.stringify(published.body)).toBe(200);
    }
    const posts = (html: string) => new Set([...html.matchAll(/href="(\/fr\/blog\/[^"/]+\/\d+)"/g)].map((m) => m[1])).size;
    expect(posts((await visit("/fr/blog")).html)).toBe(10);
    const second = await visit("/fr/blog?page=2");
    expect(second.status).toBe(200);
    expect(posts(second.html)).toBeGreaterThan(0);
  });

  test("a treatment whose uri changes answers 301 from its old URL to the new one; its SEO title and description are the page's", async () => {
    const seo = {
      seoTitle: "Breast surgery in Istanbul: prices and recovery",
      seoDescription: "What breast aesthetic surgery in Istanbul involves, from the first review to recovery.",
    };
    const { change } = await publishEdit("treatment", 5, { en: { uri: "breast-surgery-in-istanbul", ...seo } });
    expect(change.oldUris.en).toBeTruthy();
    const old = await visit(`/en/treatments/${change.oldUris.en}/5`);
    expect(old.status).toBe(301);
    expect(old.location).toBe("/en/treatments/breast-surgery-in-istanbul/5");
    const page = await visit("/en/treatments/breast-surgery-in-istanbul/5");
    expect(page.status).toBe(200);
    expect(page.html).toContain(`<title>${seo.seoTitle} | Remed</title>`);
    expect(page.html).toContain(`<meta name="description" content="${seo.seoDescription}"/>`);
  });

  test("a doctor whose slug changes answers 301 from the old slug to the new one", async () => {
    const { change } = await publishEdit("doctor", 801, { fr: { uri: "dr-deniz-karaca" } });
    expect(change.oldUris.fr).toBe("deniz-karaca");
    const old = await visit("/fr/chirurgiens/deniz-karaca?from=card");
    expect(old.status).toBe(301);
    expect(old.location).toBe("/fr/chirurgiens/dr-deniz-karaca?from=card");
    expect((await visit("/fr/chirurgiens/dr-deniz-karaca")).html).toContain("<h1>Dr Deniz Karaca</h1>");
    expect((await visit("/fr/chirurgiens/no-such-doctor")).status).toBe(404);
  });

  test("a new doctor gets a public page in every language it was published in, and none in the others", async () => {
    const image = await env.api.staff.as(token).uploadImage(await photoJpeg({ width: 800, height: 960 }));
    expect(image.status).toBe(201);
    const imageId = (image.data as { result: { id: string } }).result.id;
    const person = (uri: string, name: string, title: string, words: string) => ({
      uri,
      name,
      title,
      specialty: `${words} 1`,
      focus: `${words} 2`,
      summary: `${words} 3`,
      bio: [`${words} 4`],
      education: [`${words} 5`],
      certifications: [`${words} 6`],
      memberships: [`${words} 7`],
      seoTitle: "",
      seoDescription: "",
    });
    const created = await staff("POST", "doctor", {
      shared: {
        medicalSpecialty: "Cardiovascular",
        languages: ["tr", "en", "ar"],
        specialistSince: 2012,
        sort: 20,
        imageId,
      },
      texts: {
        en: person("selin-aydin", "Selin Aydın", "Dr.", "Interventional cardiology"),
        fr: person("selin-aydin", "Selin Aydın", "Dr", "Cardiologie interventionnelle"),
        ar: person("سلين-أيدين", "سلين أيدين", "د.", "أمراض القلب التداخلية"),
        ru: person("selin-aydin", "Селин Айдын", "Д-р", "Интервенционная кардиология"),
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.result.id as number;
    expect((await staff("POST", `doctor/${id}/publish`, { languages: ["en", "fr", "ar"] })).status).toBe(200);

    const paths = { en: "/en/doctors/selin-aydin", fr: "/fr/chirurgiens/selin-aydin", ar: "/ar/الأطباء/سلين-أيدين" };
    for (const [lang, path] of Object.entries(paths)) {
      const page = await visit(path);
      expect(page.status, path).toBe(200);
      expect(alternates(page.html)).toEqual({ ...paths, "x-default": paths.en });
      expect(page.html, lang).toContain('"@type":"Physician"');
    }
    // A link to the page shows the uploaded portrait, made into a 1200×630 JPEG by the site from its 800 variant.
    const picture = new URL(/<meta property="og:image" content="([^"]+)"/.exec((await visit(paths.en)).html)![1]).pathname;
    expect(picture).toBe(`/media/u/${imageId}/share-800.jpg`);
    const served = await fetch(site.url + picture);
    expect(served.headers.get("cache-control")).toContain("immutable");
    expect(await sharp(Buffer.from(await served.arrayBuffer())).metadata()).toMatchObject({ format: "jpeg", width: 1200, height: 630 });
    // Written in ru, not published there; tr has no doctor pages at all.
    expect((await visit("/ru/doctors-ru/selin-aydin")).status).toBe(404);
    expect(switcher((await visit(paths.en)).html)).toMatchObject({ ru: "/ru/doctors-ru", tr: "/tr/teklif-alin" });
  });

  test("a publish through the editor shows at once on this instance, and a page it does not touch stays kept", async () => {
    const before = adminEndpoints.contentItem.response.parse((await staff("GET", "faq/902")).body).result;
    const question = before.texts.en.fields.question as string;
    const faq = async () => {
      const res = await fetch(`${site.url}/en/faq`);
      return { hit: res.headers.get("x-page-cache") === "hit", html: await res.text() };
    };
    const unrelated = async () => (await fetch(`${site.url}/en/how-it-works`)).headers.get("x-page-cache");
    expect((await faq()).html).toContain(question);
    expect((await faq()).hit).toBe(true);
    await unrelated();
    expect(await unrelated()).toBe("hit");

    // The editor's form, as a browser sends it: every field of the item, one question changed, Publish in en.
    const editor = await openEditor("faq", 902);
    const changed = "How long after treatment can I fly home?";
    editor.form.set("texts.en.question", changed);
    editor.form.set("intent", "publish");
    editor.form.set("languages", "en");
    const published = await editor.send();
    expect(published.status).toBe(303);
    const at = Date.now();

    const after = await faq();
    expect(after.hit).toBe(false);
    expect(after.html).toContain(changed);
    expect(after.html).not.toContain(question);
    expect(Date.now() - at).toBeLessThan(10_000);
    expect(await unrelated()).toBe("hit");
  });

  test("an editor changes a sentence of the Russian terms page and publishes it: the ru page shows it within 10 s, its addresses and alternates as before; the other languages keep their kept pages and words (ADR 061)", async () => {
    const terms = { ru: "/ru/terms-and-conditions-ru", en: "/en/terms-and-conditions", tr: "/tr/kullanim-kosullari" };
    const read = async (path: string) => {
      const res = await fetch(`${site.url}${encodeURI(path)}`);
      return { status: res.status, hit: res.headers.get("x-page-cache") === "hit", html: await res.text() };
    };
    const article = (html: string) => /<article[\s\S]*?<\/article>/.exec(html)?.[0];
    const id = 1012;
    const item = adminEndpoints.contentItem.response.parse((await staff("GET", `page/${id}`)).body).result;
    expect(item.shared.page).toBe("terms-and-conditions");
    const sentence = /[^>.]*\./.exec(item.texts.ru.fields.body as string)![0];
    const before = Object.fromEntries(await Promise.all(Object.entries(terms).map(async ([lang, path]) => [lang, await read(path)])));
    for (const lang of ["en", "tr"] as const) expect((await read(terms[lang])).hit).toBe(true);
    expect(before.ru.html).toContain(sentence);

    const editor = await openEditor("page", id);
    // The text page's editor has no New, Delete or Unpublish: the route table fixes which pages exist.
    expect(editor.html).not.toContain('value="unpublish"');
    expect(editor.html).not.toContain('name="confirm"');
    const changed = "Эти условия обновлены редактором сайта.";
    editor.form.set("texts.ru.body", (item.texts.ru.fields.body as string).replace(sentence, changed));
    // And its title: the page's heading and its breadcrumbs' last step follow it.
    const title = "Условия обслуживания пациентов";
    editor.form.set("texts.ru.title", title);
    editor.form.set("intent", "publish");
    editor.form.set("languages", "ru");
    expect((await editor.send()).status).toBe(303);
    const at = Date.now();

    const after = await read(terms.ru);
    expect(after.status).toBe(200);
    expect(after.html).toContain(changed);
    expect(after.html).not.toContain(sentence);
    expect(Date.now() - at).toBeLessThan(10_000);
    expect(alternates(after.html)).toEqual(alternates(before.ru.html));
    expect(after.html).toMatch(new RegExp(`<h1[^>]*>${title}</h1>`));
    const trail = JSON.parse(/<script type="application\/ld\+json"[^>]*>([^<]*"BreadcrumbList"[^<]*)<\/script>/.exec(after.html)![1]);
    expect(trail.itemListElement.at(-1).name).toBe(title);
    // Its preview is its own page, as for every kind (the draft is what was published now).
    const preview = await fetch(`${site.url}/admin/content/page/${id}/preview/ru`, { headers: { cookie: editor.cookies } });
    expect(preview.status).toBe(200);
    expect(await preview.text()).toContain(changed);
    for (const lang of ["en", "tr"] as const) {
      const other = await read(terms[lang]);
      expect(other.hit).toBe(true);
      expect(article(other.html)).toBe(article(before[lang].html));
      expect(other.html).not.toContain(changed);
    }
  });

  test('"About life" (ADR 063): an article published in fr through the editor makes the fr list, its sitemap entry and its menu links appear, and nothing in ru', async () => {
    const frList = "/fr/vivre-a-istanbul";
    const ruList = "/ru/about-life-ru";
    const sitemap = async () => (await visit("/sitemap.xml")).html;
    // The seed has no French or Russian article: both lists are the localized 404, in no menu and no sitemap.
    const before = await visit(frList);
    expect(before.status).toBe(404);
    expect(before.html).toContain('<html lang="fr"');
    expect((await visit("/fr")).html).not.toContain(`href="${frList}"`);
    expect(await sitemap()).not.toContain(frList);

    const title = `Se reposer à Istanbul ${Date.now().toString(36)}`;
    const fr = {
      uri: "se-reposer-a-istanbul",
      title,
      summary: "Où séjourner, comment se déplacer et quoi éviter pendant la convalescence.",
      body: "<p>Choisissez un hôtel proche de la clinique, avec ascenseur et chambres calmes.</p>",
      seoTitle: "",
      seoDescription: "",
      imageAlt: "",
    };
    const created = await staff("POST", "about-life", { shared: { publishedAt: "2026-11-20T09:00:00.000Z", imageId: null }, texts: { fr } });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.result.id as number;
    // Saved, not published: still nothing public.
    expect((await visit(frList)).status).toBe(404);

    const editor = await openEditor("about-life", id);
    editor.form.set("intent", "publish");
    editor.form.set("languages", "fr");
    expect((await editor.send()).status).toBe(303);

    const articlePath = `${frList}/${fr.uri}/${id}`;
    const list = await visit(frList);
    expect(list.status).toBe(200);
    expect(list.html).toContain(`href="${articlePath}"`);
    expect(alternates(list.html).fr).toBe(frList);
    const article = await visit(articlePath);
    expect(article.status).toBe(200);
    expect(article.html).toContain('"@type":"Article"');
    // The header and footer of every French page now link the list (kept pages included: this one was read before).
    expect((await visit("/fr")).html).toContain(`href="${frList}"`);
    const map = await sitemap();
    expect(map).toContain(`${encodeURI(frList)}</loc>`);
    expect(map).toContain(`${encodeURI(articlePath)}</loc>`);
    // Nowhere else: Russian still has no list, and the English list does not show the French article.
    expect((await visit(ruList)).status).toBe(404);
    expect((await visit("/ru")).html).not.toContain(`href="${ruList}"`);
    expect(map).not.toContain(ruList);
    const en = await visit("/en/about-life");
    expect(en.html).not.toContain(title);
    expect((await visit(`/en/about-life/${fr.uri}/${id}`)).status).toBe(404);
  });

  test("a treatment package (ADR 064) on two treatments shows on both en pages with a valid Offer, not on a third; unticked from one, it leaves that page", async () => {
    const [treatment, second, other] = await Promise.all(
      [3, 4, 5].map(async (tid) => adminEndpoints.contentItem.response.parse((await staff("GET", `treatment/${tid}`)).body).result),
    );
    const pathOf = (item: typeof treatment, lang: Lang, list: string) => `/${lang}/${list}/${item.texts[lang].publicUri}/${item.id}`;
    const title = `Veneers, 4 nights ${Date.now().toString(36)}`;
    const shared = { price: 3150, currency: "EUR", validUntil: "2099-12-31", sort: 5 };
    const texts = { en: { title, summary: "Eight porcelain veneers with your stay arranged.", includes: ["Eight porcelain veneers", "4 nights in a hotel"] } };
    // An id that names no treatment is refused at the field.
    const unknown = await staff("POST", "package", { shared: { ...shared, treatmentIds: [3, 999_999] }, texts });
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors).toEqual([{ field: "shared.treatmentIds", message: "unknown" }]);
    const created = await staff("POST", "package", { shared: { ...shared, treatmentIds: [3, 4] }, texts });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.result.id as number;
    const editor = await openEditor("package", id);
    // The editor's treatments are checkboxes (no JavaScript needed), the package's two ticked.
    const boxes = [...editor.html.matchAll(/<input\b[^>]*\bname="shared\.treatmentIds"[^>]*>/g)].map(([input]) => input);
    expect(boxes.filter((input) => /\schecked\b/.test(input)).map((input) => /\bvalue="(\d+)"/.exec(input)?.[1])).toEqual(["3", "4"]);
    expect(boxes.length).toBeGreaterThan(2);
    editor.form.set("intent", "publish");
    editor.form.set("languages", "en");
    expect((await editor.send()).status).toBe(303);

    for (const item of [treatment, second]) {
      const page = await visit(pathOf(item, "en", "treatments"));
      expect(page.status).toBe(200);
      expect(page.html).toContain(title);
      const scripts = [...page.html.matchAll(/<script type="application\/ld\+json"[^>]*>([^<]*)<\/script>/g)].map(([, json]) => JSON.parse(json));
      const offer = scripts.find((ld) => ld["@type"] === "Offer" && ld.name === title);
      expect(offer).toMatchObject({
        "@context": "https://schema.org",
        price: 3150,
        priceCurrency: "EUR",
        validThrough: "2099-12-31",
        itemOffered: { "@type": "Service", name: title, serviceType: item.texts.en.fields.title },
      });
      // The treatment itself stays described as a procedure beside its offers.
      expect(scripts.some((ld) => ld["@type"] === "MedicalProcedure")).toBe(true);
    }
    expect((await visit(pathOf(other, "en", "treatments"))).html).not.toContain(title);

    // Unticked from the second treatment, as the form is sent without JavaScript (only the ticked box), and published:
    // its page, kept since it was read above, no longer shows it; the first still does.
    const again = await openEditor("package", id);
    again.form.delete("shared.treatmentIds");
    again.form.append("shared.treatmentIds", "3");
    again.form.set("intent", "publish");
    again.form.set("languages", "en");
    expect((await again.send()).status).toBe(303);
    expect((await visit(pathOf(second, "en", "treatments"))).html).not.toContain(title);
    expect((await visit(pathOf(treatment, "en", "treatments"))).html).toContain(title);
  });

  test("Publish ticks no language and names those it published: an Arabic edit published alone keeps English down; posts and doctors offer no Turkish", async () => {
    await publishEdit("blog", 208, { en: {}, ar: {} });
    expect((await staff("POST", "blog/208/unpublish", { languages: ["en"] })).status).toBe(200);
    const editor = await openEditor("blog", 208);
    const boxes = [...editor.html.matchAll(/<input\b[^>]*\bname="languages"[^>]*>/g)].map(([input]) => input);
    expect(boxes.map((input) => /\bvalue="(\w+)"/.exec(input)?.[1])).toEqual(["en", "ru", "fr", "ar"]);
    expect(boxes.filter((input) => /\schecked\b/.test(input))).toEqual([]);
    expect(editor.html).not.toContain('id="lang-tr"');
    expect((await openEditor("doctor", 801)).html).not.toContain('id="lang-tr"');

    const title = `دليل التحضير للعلاج ${Date.now().toString(36)}`;
    editor.form.set("texts.ar.title", title);
    editor.form.set("intent", "publish");
    editor.form.set("languages", "ar");
    const published = await editor.send();
    expect(published.status).toBe(303);
    const cookie = [editor.cookies, ...published.headers.getSetCookie().map((c) => c.split(";")[0])].join("; ");
    const shown = await (await fetch(new URL(published.headers.get("location")!, site.url), { headers: { cookie } })).text();
    expect(shown).toContain("Published in Arabic. The site shows it now.");
    const item = adminEndpoints.contentItem.response.parse((await staff("GET", "blog/208")).body).result;
    expect(item.texts.en.published).toBe(false);
    expect(item.texts.ar.published).toBe(true);
    expect((await visit("/ar/المدونة")).html).toContain(title);
    expect((await visit(`/en/blog/${item.texts.en.fields.uri as string}/208`)).status).toBe(404);
  });

  test("a tr menu published from the menus screen (no JavaScript) shows reordered, renamed and with its external link in tr only (ADR 062)", async () => {
    const enBefore = header((await visit("/en")).html);
    const { cookie } = await signInToSite(site.url, OWNER.email, OWNER.password);
    const screen = await fetch(`${site.url}/admin/menus?lang=tr`, { headers: { cookie } });
    expect(screen.status).toBe(200);
    const form = formFields(await screen.text());
    const rowOf = (type: string, value: string) => [...form.entries()].find(([k, v]) => k.endsWith(`.${type}`) && v === value)![0].split(".")[0];
    // Contact first after the treatments, renamed; an address with rel and a new tab at the end.
    form.set(`${rowOf("page", "contact")}.pos`, "1");
    form.set(`${rowOf("type", "treatments")}.pos`, "0");
    form.set(`${rowOf("page", "contact")}.label`, "Bize <yazın>");
    for (const [name, value] of [
      ["new.type", "url"],
      ["new.place", "header"],
      ["new.url", "https://partner.example/tr"],
      ["new.label", "Ortak & Co"],
      ["new.rel", "sponsored"],
      ["new.newTab", "on"],
    ])
      form.set(name, value);
    const post = (body: URLSearchParams) =>
      fetch(`${site.url}/admin/menus?lang=tr`, {
        method: "POST",
        redirect: "manual",
        headers: { "content-type": "application/x-www-form-urlencoded", cookie, origin: site.url },
        body,
      });
    // A javascript: address is refused, what was typed kept.
    const bad = new URLSearchParams(form);
    bad.set("new.url", "javascript:alert(1)");
    const refused = await post(bad);
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("Ortak &amp; Co");
    expect((await post(new URLSearchParams([...form, ["do", "save"]]))).status).toBe(303);
    // The feedback page moved down by its row's button, no number typed: it changes places with the deals below it.
    const saved = await (await fetch(`${site.url}/admin/menus?lang=tr`, { headers: { cookie } })).text();
    const savedForm = formFields(saved);
    const feedback = [...savedForm.entries()].find(([k, v]) => k.endsWith(".page") && v === "feedback")![0].split(".")[0];
    expect(saved).toContain(`value="down:${feedback}"`);
    expect((await post(new URLSearchParams([...savedForm, ["do", `down:${feedback}`]]))).status).toBe(303);
    expect(header((await visit("/tr")).html)).not.toContain("Bize &lt;yazın");
    expect(
      (
        await post(
          new URLSearchParams([
            ["csrf", form.get("csrf")!],
            ["do", "publish"],
          ]),
        )
      ).status,
    ).toBe(303);

    const tr = header((await visit("/tr")).html);
    const contact = tr.indexOf(">Bize &lt;yazın&gt;<");
    expect(contact).toBeGreaterThan(tr.indexOf("Tedaviler"));
    expect(contact).toBeLessThan(tr.indexOf("Özel fırsatlar"));
    expect(tr.indexOf('href="/tr/ozel-kampanyalar"')).toBeLessThan(tr.indexOf('href="/tr/geri-bildirim"'));
    expect(tr).toMatch(/<a href="https:\/\/partner.example\/tr" rel="sponsored noopener noreferrer" target="_blank">Ortak &amp; Co/);
    expect(header((await visit("/en")).html)).toBe(enBefore);
    const audit = await env.call("GET", "/api/admin/audit?action=menu.publish", { token });
    expect(JSON.stringify(audit.body)).toContain("menus:tr");
    // The default menus again for the file's other checks.
    expect(
      (
        await post(
          new URLSearchParams([
            ["csrf", form.get("csrf")!],
            ["do", "withdraw"],
          ]),
        )
      ).status,
    ).toBe(303);
  });

  test("the sanitizer probe typed into a body never reaches the public page", async () => {
    const body = '<p>remed-probe-text</p><script>alert("remed-probe")</script><img src="x" onerror="alert(1)"><p onclick="alert(2)">clicked</p>';
    const { change } = await publishEdit("blog", 204, { fr: { body } });
    const page = await visit(`/fr/blog/${change.uris.fr}/204`);
    expect(page.status).toBe(200);
    expect(page.html).toContain("remed-probe-text");
    expect(page.html).not.toContain('alert("remed-probe")');
    expect(page.html).not.toMatch(/onerror|onclick/i);
  });

  test("restoring a version brings the previous text back on the public page once published", async () => {
    const before = (await env.call("GET", "/api/specialDeal/402", { headers: { "accept-language": "ru" } })).body.result;
    await publishEdit("specialDeal", 402, { ru: { title: "Временное название акции" } });
    expect((await env.call("GET", "/api/specialDeal/402", { headers: { "accept-language": "ru" } })).body.result.title).toBe("Временное название акции");

    const versions = adminEndpoints.contentVersions.response.parse((await staff("GET", "specialDeal/402/versions")).body).result.data;
    const seeded = versions.find((v) => v.action === "seed")!;
    expect((await staff("POST", `specialDeal/402/versions/${seeded.id}/restore`)).status).toBe(200);
    expect((await staff("POST", "specialDeal/402/publish", { languages: ["ru"] })).status).toBe(200);

    const page = await visit(`/ru/special-deals-ru/${before.uri}/402`);
    expect(page.status).toBe(200);
    expect(page.html).toContain(`<h1>${before.title}</h1>`);
    expect(page.html).not.toContain("Временное название акции");
  });

  test("a saved draft is previewed as its public page, marked, never cached or indexed, while the public page keeps what was published", async () => {
    const published = (await env.call("GET", "/api/blog/206", { headers: { "accept-language": "ar" } })).body.result;
    const item = adminEndpoints.contentItem.response.parse((await staff("GET", "blog/206")).body).result;
    const draft = "مسودة: السفر بعد الجراحة";
    const saved = await staff("PUT", "blog/206", { shared: item.shared, texts: { ar: { ...item.texts.ar.fields, title: draft } } });
    expect(saved.status).toBe(200);

    const cookie = await signIn();
    const preview = async () => fetch(`${site.url}/admin/content/blog/206/preview/ar`, { headers: { cookie } });
    const first = await preview();
    const html = await first.text();
    expect(first.status).toBe(200);
    expect(first.headers.get("cache-control")).toBe("private, no-store");
    expect(first.headers.get("x-robots-tag")).toMatch(/noindex/);
    expect(html).toContain('<meta name="robots" content="noindex, nofollow"/>');
    expect(html).toMatch(/<html lang="ar" dir="rtl">/);
    expect(html).toContain(`<h1>${draft}</h1>`);
    expect(html).toContain("Preview — not published");
    // The site's header and footer, as on the public page.
    expect(html).toContain('class="site-header"');
    expect(html).toContain('class="site-footer"');
    expect(html).not.toMatch(/eyJ[\w-]+\.[\w-]+\.[\w-]+/);
    expect((await preview()).headers.get("x-page-cache")).toBeNull();

    const page = await visit(`/ar/المدونة/${published.uri}/206`);
    expect(page.html).toContain(`<h1>${published.title}</h1>`);
    expect(page.html).not.toContain(draft);
    // Without a session: the sign-in page, nothing of the draft.
    const anonymous = await fetch(`${site.url}/admin/content/blog/206/preview/ar`, { redirect: "manual" });
    expect(anonymous.status).toBe(302);
  });
});

describe("the editor's posts", () => {
  test("a save made after someone else's is refused, keeps what was typed and names the newest version; saving again replaces it knowingly", async () => {
    const editor = await openEditor("faq", 904);
    const mine = "Which documents do I need for the hospital?";
    editor.form.set("texts.en.question", mine);
    // A colleague saves the same item meanwhile.
    const item = adminEndpoints.contentItem.response.parse((await staff("GET", "faq/904")).body).result;
    const theirs = "What should I bring to the hospital?";
    expect((await staff("PUT", "faq/904", { shared: item.shared, texts: { en: { ...item.texts.en.fields, question: theirs } } })).status).toBe(200);
    const newest = adminEndpoints.contentVersions.response.parse((await staff("GET", "faq/904/versions")).body).result.data[0];

    const refused = await editor.send();
    const html = await refused.text();
    expect(refused.status).toBe(409);
    expect(html).toContain("This item was saved by someone else (or by you, in another tab) after you opened it, so your changes were not saved");
    expect(html).toContain(`value="${mine}"`);
    expect(html).toContain(`href="/admin/content/faq/904/versions/${newest.id}"`);
    expect(html).toContain("Newest version: owner");
    expect((await staff("GET", "faq/904")).body.result.texts.en.fields.question).toBe(theirs);

    // The page now carries the newest version: sent again, the typed text replaces it.
    editor.form.set("version", html.match(/name="version" value="(\d+)"/)![1]);
    expect((await editor.send()).status).toBe(303);
    expect((await staff("GET", "faq/904")).body.result.texts.en.fields.question).toBe(mine);
  });

  test("with the API not answering, a save comes back as the form with everything typed and the reason, not an error page", async () => {
    const editor = await openEditor("faq", 903);
    const typed = { en: "Can I bring my own doctor's notes?", ar: "هل يمكنني إحضار تقارير طبيبي؟", ru: "Можно ли привезти заключения своего врача?" };
    for (const [lang, question] of Object.entries(typed)) editor.form.set(`texts.${lang}.question`, question);
    // Another instance of the site (the session and the form's token are good on any that shares the
    // secret) whose API address answers nothing. Its identity API answers: a session it cannot
    // confirm is the 503 page before any form (docs/decisions/015, addendum).
    const [port, deadApi] = [await freePort(), await freePort()];
    const down = await startProcess(
      "build/server.js",
      {
        PORT: String(port),
        API_URL: `http://127.0.0.1:${deadApi}`,
        IDENTITY_URL: env.backend.url,
        CLIENT_ID: CLIENT.clientId,
        CLIENT_SECRET: CLIENT.clientSecret,
        FORM_SECRET: "f".repeat(32),
        DATA_DIR: tempDir("remed-content-down-"),
        LOG_LEVEL: "error",
      },
      `http://127.0.0.1:${port}/healthz`,
    );
    try {
      const res = await editor.send(down);
      const html = await res.text();
      expect(res.status).toBe(503);
      expect(html).toContain("The content service did not answer, so your changes may not have been saved.");
      for (const question of Object.values(typed)) expect(html).toContain(`value="${question.replace(/'/g, "&#x27;")}"`);
      // The fields not changed, as they were posted.
      expect(html).toContain(editor.form.get("texts.fr.question")!.replace(/'/g, "&#x27;"));
    } finally {
      await down.stop();
    }
  });

  test("the live preview's address, opened rather than posted to, answers 405 and no error page", async () => {
    const res = await fetch(`${site.url}/admin/content/sanitize`, { headers: { cookie: await signIn() } });
    expect(res.status).toBe(405);
    expect(res.headers.get("allow")).toBe("POST");
    expect(await res.text()).toBe("Only POST is allowed here.");
  });

  test("in Turkish, the audit log filtered by a user and a day holds only their entries, in words, the lead linked; a version and a job lead show no raw value", async () => {
    const { ["cem@remed.test"]: cemId } = env.addUsers([{ email: "cem@remed.test", role: "coordinator", name: "Cem Yılmaz" }]);
    const image = await env.api.uploadImage({ lang: "en", file: new File([new Uint8Array(PNG)], "me.png"), idempotencyKey: crypto.randomUUID() });
    const payload = {
      projectId: 2 as const,
      notificationSourceId: 3,
      languageCode: "en" as const,
      name: "Omar Haddad",
      email: "omar@example.org",
      phone: "+971501234567",
    };
    const job = await env.api.post("jobOffer", {
      lang: "en",
      payload: { ...payload, position: "Medical interpreter", message: "", imageId: image.id },
      idempotencyKey: crypto.randomUUID(),
    });
    const cem = (await env.session("cem@remed.test")).accessToken;
    expect((await env.call("PATCH", `/api/admin/leads/${job.id}`, { token: cem, body: { status: "offer_sent" } })).status).toBe(200);
    expect((await env.call("PATCH", `/api/admin/leads/${job.id}`, { token, body: { status: "booked" } })).status).toBe(200);

    const inTurkish = async (path: string) => {
      const res = await fetch(`${site.url}${path}`, { headers: { cookie: await signIn(), "accept-language": "tr" } });
      expect(res.status, path).toBe(200);
      const html = await res.text();
      // What a reader sees: the page's text, without its scripts (the loader's data) or attributes.
      const text = html.replace(/<script\b[\s\S]*?<\/script>/g, "").replace(/<[^>]+>/g, " ");
      expect(text, path).not.toMatch(/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/);
      expect(text, path).not.toMatch(/\b(offer_sent|in_progress)\b/);
      return { html, text };
    };
    const today = clinicDateTimeInput(new Date().toISOString()).slice(0, 10);
    const audit = await inTurkish(`/admin/audit?who=${cemId}&from=${today}&to=${today}`);
    const rows = [...audit.html.matchAll(/<tr>([\s\S]*?)<\/tr>/g)].map(([, row]) => row).filter((row) => row.includes("<td"));
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row).toContain("Cem Yılmaz");
    expect(audit.text).toContain("Yeni → Teklif gönderildi");
    expect(audit.text).not.toContain("Teklif gönderildi → Kazanıldı");
    expect(audit.text).not.toMatch(/Lead status changed|Signed in/);
    expect(audit.html).toContain(`href="/admin/leads/${job.id}"`);
    expect((await inTurkish(`/admin/audit?who=${cemId}&from=2001-01-01&to=2001-01-31`)).text).toContain("Bu filtrelere uyan kayıt yok.");
    expect((await inTurkish("/admin/audit?what=nonsense")).text).toContain("Değer geçerli olmadığı için uygulanmadı: Ne.");
    // The inbox too: a filter or a page it cannot apply is named, not quietly dropped.
    expect((await inTurkish("/admin/leads?kind=nonsense&pageIndex=999")).text).toContain("Değer geçerli olmadığı için uygulanmadı: Tür, Sayfa numarası.");

    const lead = await inTurkish(`/admin/leads/${job.id}`);
    expect(lead.text).toContain("Tıbbi tercüman");
    expect(lead.text).not.toContain("Medical interpreter");
    const versions = adminEndpoints.contentVersions.response.parse((await staff("GET", "blog/208/versions")).body).result.data;
    await inTurkish(`/admin/content/blog/208/versions/${versions.at(-1)!.id}`);
  });

  test("the changes of a version: an edit of the Russian summary is that field in Russian, and nothing else", async () => {
    const item = adminEndpoints.contentItem.response.parse((await staff("GET", "blog/209")).body).result;
    const texts = { ru: { ...item.texts.ru.fields, summary: `${item.texts.ru.fields.summary as string} Обновлено.` } };
    expect((await staff("PUT", "blog/209", { shared: item.shared, texts })).status).toBe(200);
    const [newest] = adminEndpoints.contentVersions.response.parse((await staff("GET", "blog/209/versions")).body).result.data;
    const res = await fetch(`${site.url}/admin/content/blog/209/versions/${newest.id}/changes`, { headers: { cookie: await signIn() } });
    expect(res.status).toBe(200);
    const html = await res.text();
    const section = (id: string) => new RegExp(`id="${id}-section"[\\s\\S]*?</section>`).exec(html)![0];
    const changed = (id: string) => [...section(id).matchAll(/data-field="(\w+)"/g)].map(([, name]) => name);
    expect(changed("changes-ru")).toEqual(["summary"]);
    expect(section("changes-ru")).toContain("Обновлено.</ins>");
    for (const other of ["changes-shared", "changes-en", "changes-fr", "changes-ar"]) expect(changed(other), other).toEqual([]);
    expect(html).not.toContain('id="changes-tr-section"');
  });
});

describe("counted downloads of the data-protection documents (#42, ADR 052)", () => {
  const notice = "/tr/kvkk-aydinlatma-metni";
  // A browser's User-Agent: Node's own ("node") is a bot's to isbot, and a bot's download is not counted.
  const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
  const file = (path: string, headers: Record<string, string> = {}, method = "GET") =>
    fetch(`${site.url}${encodeURI(path)}`, { method, headers: { "user-agent": BROWSER, ...headers } });
  /** The API's counts of today (the clinic's day) for the Turkish documents, as the owner reads them. */
  async function todaysCounts(owner: string) {
    const day = clinicToday();
    const answer = await env.call("GET", `/api/admin/analytics/downloads?from=${day}&to=${day}`, { token: owner });
    const rows = adminEndpoints.downloadFigures.response.parse(answer.body).result.rows;
    return Object.fromEntries(
      rows.map((r) => [`${r.document}.${r.language}`, { withConsent: r.withConsent, withoutConsent: r.withoutConsent, visitors: r.visitors }]),
    );
  }

  test("the KVKK notice is offered as its Turkish text in a file; each GET that gets it counts once, with the visitor only after consent; HEAD, 304, a crawler, a range continuation and a data request count nothing; the back office shows the counts; an unknown document is the localized 404", async () => {
    const page = await visit(notice);
    expect(page.html).toMatch(new RegExp(`<a href="${notice}\\.txt" download="">Bu metni indirin`));

    // Not downloads: a HEAD, a crawler, the rest of a broken-off download, a crafted single-fetch data request.
    const head = await file(`${notice}.txt`, {}, "HEAD");
    expect(head.status).toBe(200);
    expect((await file(`${notice}.txt`, { "user-agent": "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)" })).status).toBe(200);
    expect((await file(`${notice}.txt`, { range: "bytes=100-" })).status).toBe(200);
    expect((await file(`${notice}.txt.data`)).headers.get("content-disposition")).toBeNull();

    const first = await file(`${notice}.txt`);
    expect(first.status).toBe(200);
    expect(first.headers.get("content-type")).toBe("text/plain; charset=utf-8");
    expect(first.headers.get("content-disposition")).toMatch(/^attachment; filename="kvkk-aydinlatma-metni\.txt"/);
    const text = await first.text();
    expect(text).toMatch(/^KVKK Aydınlatma Metni\n=+\n/);
    expect(text).toContain("6698 sayılı Kişisel Verilerin Korunması Kanunu");
    expect(text).toContain("Veri sorumlusu\n");
    expect(text).not.toContain("{{brand}}");
    // The browser already holds it: 304, not a download.
    expect((await file(`${notice}.txt`, { "if-none-match": first.headers.get("etag")! })).status).toBe(304);
    expect((await file(`${notice}.txt`)).status).toBe(200);

    // With analytics allowed, the consent cookie's visitor id goes with the count.
    const consent = await fetch(`${site.url}/consent`, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: site.url },
      body: new URLSearchParams({ intent: "accept", redirectTo: "/tr" }),
    });
    const cookie = consent.headers
      .getSetCookie()
      .find((c) => c.startsWith(`${CONSENT_COOKIE}=`))!
      .split(";")[0];
    expect((await file("/tr/acik-riza-metni.txt", { cookie })).status).toBe(200);

    // Counting does not hold the file back, so the counts land a moment later.
    const owner = (await env.session(OWNER.email)).accessToken;
    await expect
      .poll(() => todaysCounts(owner), { timeout: 10_000 })
      .toEqual({
        "data-protection-notice.tr": { withConsent: 0, withoutConsent: 2, visitors: 0 },
        "explicit-consent.tr": { withConsent: 1, withoutConsent: 0, visitors: 1 },
      });

    const res = await fetch(`${site.url}/admin/analytics/downloads`, { headers: { cookie: await signIn() } });
    expect(res.status).toBe(200);
    const html = await res.text();
    const row = (document: string) => new RegExp(`<tr data-row="${document}/tr/[^"]*">[\\s\\S]*?</tr>`).exec(html)?.[0] ?? "";
    expect(row("data-protection-notice")).toContain("KVKK data-protection notice");
    expect(row("data-protection-notice")).toMatch(/data-figure="without-consent" data-value="2"/);
    expect(row("data-protection-notice")).toMatch(/data-figure="with-consent" data-value="0"/);
    expect(row("explicit-consent")).toMatch(/data-figure="with-consent" data-value="1"/);
    expect(row("explicit-consent")).toMatch(/data-figure="visitors" data-value="1"/);

    // A document that does not exist is the localized 404 page.
    for (const [path, lang, title] of [
      ["/tr/boyle-bir-belge-yok.txt", "tr", "Sayfa bulunamadı"],
      // The notice exists in Turkish only.
      ["/en/kvkk-aydinlatma-metni.txt", "en", "Page not found"],
    ]) {
      const missing = await visit(path);
      expect(missing.status, path).toBe(404);
      expect(missing.html, path).toContain(`<html lang="${lang}"`);
      expect(missing.html, path).toContain(title);
    }
  });

  test("the owner replaces the KVKK notice's file with a PDF (ADR 061): a file that is no whole PDF is refused at its field; the page then offers the PDF, served as it was sent and counted; each upload is a version", async () => {
    const filesPath = "/admin/content/page/1015/files";
    const cookie = await signIn();
    const screen = await fetch(`${site.url}${filesPath}`, { headers: { cookie } });
    expect(screen.status).toBe(200);
    const cookies = [cookie, ...screen.headers.getSetCookie().map((c) => c.split(";")[0])].join("; ");
    const csrf = /<input\b[^>]*\bname="csrf"[^>]*\bvalue="([^"]*)"/.exec(await screen.text())![1];
    const upload = (bytes: Buffer) => {
      const form = new FormData();
      form.set("csrf", csrf);
      form.set("language", "tr");
      form.set("file", new Blob([new Uint8Array(bytes)], { type: "application/pdf" }), "kvkk.pdf");
      return fetch(`${site.url}${filesPath}`, { method: "POST", redirect: "manual", headers: { cookie: cookies, origin: site.url }, body: form });
    };
    // Cut off before its end: no PDF to serve.
    const refused = await upload(Buffer.from("%PDF-1.4\n1 0 obj<<>>endobj\n"));
    expect(refused.status).toBe(422);
    expect(await refused.text()).toContain("This is not a whole PDF file");
    expect((await visit(notice)).html).toMatch(new RegExp(`<a href="${notice}\\.txt" download="">`));

    const pdf = (version: number) => Buffer.from(`%PDF-1.4\n% KVKK notice, version ${version}\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n`);
    expect((await upload(pdf(1))).status).toBe(303);
    expect((await upload(pdf(2))).status).toBe(303);
    const page = await visit(notice);
    expect(page.html).toMatch(new RegExp(`<a href="${notice}\\.pdf" download="">Bu metni indirin \\(PDF\\)`));

    const owner = (await env.session(OWNER.email)).accessToken;
    const before = (await todaysCounts(owner))["data-protection-notice.tr"]?.withoutConsent ?? 0;
    const served = await file(`${notice}.pdf`);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("application/pdf");
    expect(served.headers.get("content-disposition")).toMatch(/^attachment; filename="kvkk-aydinlatma-metni\.pdf"/);
    expect(Buffer.from(await served.arrayBuffer()).equals(pdf(2))).toBe(true);
    await expect.poll(async () => (await todaysCounts(owner))["data-protection-notice.tr"].withoutConsent, { timeout: 10_000 }).toBe(before + 1);
    // The text file stays where it was; a document without a PDF has none to give.
    expect((await file(`${notice}.txt`)).status).toBe(200);
    expect((await file("/tr/acik-riza-metni.pdf")).status).toBe(404);

    const versions = adminEndpoints.pageFiles.response.parse((await env.call("GET", "/api/admin/content/page/1015/files", { token: owner })).body).result.data;
    expect(versions.map((v) => [v.language, v.size, v.author?.email])).toEqual([
      ["tr", pdf(2).length, OWNER.email],
      ["tr", pdf(1).length, OWNER.email],
    ]);
  });
});
