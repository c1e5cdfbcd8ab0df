import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { freePort, startProcess, tempDir, type Proc } from "../support/processes";

// Single fetch (remix.config.js): with JavaScript a navigation loads `/{page}.data` and a form posts
// there. The toast, the caching rules, the page cache and the upload cap must hold for those too.
let site: Proc;
beforeAll(async () => {
  const port = await freePort();
  site = await startProcess(
    "build/server.js",
    { PORT: String(port), DATA_DIR: tempDir("remed-single-fetch-"), PAGE_CACHE_SECONDS: "30", LOG_LEVEL: "warn" },
    `http://127.0.0.1:${port}/healthz`,
  );
}, 60_000);
afterAll(() => site?.stop());

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const contact = (email: string) => ({ name: "Elif Kaya", email, message: "Please call me about a hair transplant.", privacyConsent: "on" });

/** A visitor opens the contact page: its cookies in a jar, and its hidden fields. */
async function openContact() {
  const page = await fetch(site.url + "/en/contact");
  const jar = cookieJar(
    page.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; "),
  );
  const html = await page.text();
  const hidden = Object.fromEntries([...html.matchAll(/<input[^>]*name="(csrf|\w+__confirm)"[^>]*value="([^"]*)"/g)].map((m) => [m[1], m[2]]));
  // The forms refuse a post sooner than FORM_MIN_FILL_SECONDS (2) after rendering.
  await sleep(2_100);
  return { jar, hidden };
}
/** A browser's cookie jar, enough for one site: Set-Cookie adds, Max-Age=0 removes. */
function cookieJar(initial: string) {
  const jar = new Map(
    initial
      .split("; ")
      .filter(Boolean)
      .map((c) => c.split("=", 2) as [string, string]),
  );
  return {
    header: () => [...jar].map(([name, value]) => `${name}=${value}`).join("; "),
    take(res: Response) {
      for (const set of res.headers.getSetCookie()) {
        const [pair] = set.split(";");
        const name = pair.slice(0, pair.indexOf("="));
        if (/max-age=0/i.test(set)) jar.delete(name);
        else jar.set(name, pair.slice(name.length + 1));
      }
    },
  };
}

describe("the toast after an accepted form shows once", () => {
  const sent = "Your message has reached us";

  test("without JavaScript: the page the post redirects to shows it and expires it; the next page has none", async () => {
    const { jar, hidden } = await openContact();
    const post = await fetch(site.url + "/en/contact", {
      method: "POST",
      headers: { cookie: jar.header(), "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ ...hidden, ...contact(`toast-${Date.now()}@example.com`) }),
      redirect: "manual",
    });
    expect(post.status).toBe(303);
    jar.take(post);
    expect(jar.header()).toContain("toast=");

    const shown = await fetch(site.url + post.headers.get("location")!, { headers: { cookie: jar.header() } });
    const html = await shown.text();
    expect(html).toContain(sent);
    // As the form's thank-you state, in its place and focused as the page loads; the form is hidden.
    expect(html).toContain('<div id="contact-form-sent" class="form-sent" role="status" tabindex="-1" autofocus="">');
    expect(html).toMatch(/<form [^>]*id="contact-form"[^>]*hidden=""/);
    // This visitor's page alone: never kept for the next one (ADR 009, 014, 021).
    expect(shown.headers.get("cache-control")).toBe("private, no-store");
    jar.take(shown);
    expect(jar.header()).not.toContain("toast=");
    expect(await (await fetch(`${site.url}/en/about-us`, { headers: { cookie: jar.header() } })).text()).not.toContain(sent);
    // The form page again, for this visitor (the thank-you's link) and for a new one: the form.
    for (const cookie of [jar.header(), ""]) {
      const again = await (await fetch(`${site.url}/en/contact`, { headers: { cookie } })).text();
      expect(again).not.toContain(sent);
      expect(again).toMatch(/<form [^>]*id="contact-form"(?![^>]*hidden)[^>]*>/);
    }
  });

  test("with JavaScript (single fetch): the post to contact.data sets it, the next data load shows it and expires it", async () => {
    const { jar, hidden } = await openContact();
    const post = await fetch(site.url + "/en/contact.data", {
      method: "POST",
      headers: { cookie: jar.header(), "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ ...hidden, ...contact(`toast-js-${Date.now()}@example.com`) }),
    });
    // Single fetch answers a redirect as data (202), for the browser's router to follow.
    expect(post.status).toBe(202);
    expect(await post.text()).toContain("/en/contact");
    jar.take(post);
    expect(jar.header()).toContain("toast=");

    const shown = await fetch(site.url + "/en/contact.data", { headers: { cookie: jar.header() } });
    expect(shown.headers.get("content-type")).toMatch(/^text\/x-script/);
    // The form page's own headers export applies to its data too (single fetch): never shared.
    expect(shown.headers.get("cache-control")).toBe("private, no-store");
    expect(await shown.text()).toContain("contactSent");
    jar.take(shown);
    expect(jar.header()).not.toContain("toast=");
    expect(await (await fetch(`${site.url}/en/about-us.data`, { headers: { cookie: jar.header() } })).text()).not.toContain("contactSent");
  });

  test("a toast cookie the site did not sign shows nothing in a data load either", async () => {
    const forged = Buffer.from(JSON.stringify({ key: "Call +1 900 FAKE now", id: "x" })).toString("base64");
    const res = await fetch(`${site.url}/en/blog.data`, { headers: { cookie: `toast=${encodeURIComponent(forged)}` } });
    expect(res.status).toBe(200);
    expect(await res.text()).not.toContain("FAKE");
  });
});

test("the job application posted with JavaScript (career.data) gets the upload cap, not the 128 KB form cap", async () => {
  const boundary = "remedboundary";
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="name"\r\n\r\nAyse\r\n--${boundary}\r\nContent-Disposition: form-data; name="photo"; filename="p.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
    ),
    Buffer.alloc(300 * 1024, 1),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await fetch(`${site.url}/en/about-us/career.data`, {
    method: "POST",
    headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
    body,
  });
  await res.arrayBuffer();
  // The form's own answer (fields missing), not the body cap's 413 page.
  expect(res.status).toBe(400);
});

describe("data loads follow the pages' caching rules", () => {
  test("a first-time visitor's data load is shared briefly and never answered from the page cache", async () => {
    for (let i = 0; i < 2; i++) {
      const res = await fetch(`${site.url}/fr/blog.data`);
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toMatch(/^text\/x-script/);
      expect(res.headers.get("x-page-cache")).toBeNull();
      expect(res.headers.get("cache-control")).toBe("public, max-age=0, s-maxage=300, stale-while-revalidate=600, stale-if-error=86400");
      expect(res.headers.get("vary")).toContain("Cookie, Accept-Language");
      await res.arrayBuffer();
    }
  });

  test("the cities, as the form loads them and as a data request, keep their day-long caching", async () => {
    for (const path of ["/cities/TR?lang=en", "/cities/TR.data?_routes=cities"]) {
      const res = await fetch(`${site.url}${path}`);
      expect(res.status).toBe(200);
      expect(res.headers.get("cache-control")).toBe("public, max-age=86400");
      expect(await res.text()).toContain("Istanbul");
    }
  });

  test("a data load of a missing page is a 404 that is never stored", async () => {
    const res = await fetch(`${site.url}/en/blog/no-such-post/999999.data`);
    await res.arrayBuffer();
    expect(res.status).toBe(404);
    expect(res.headers.get("cache-control")).toBe("no-store");
  });
});
