// node scripts/html-snapshot.mjs <folder> [checkout, default .]
// node scripts/html-snapshot.mjs --compare <before> <after>
// Starts the production build of a checkout (build/server.js, the embedded backend on a fresh data
// folder), and writes the HTML of every page in its sitemap, three missing pages and the back
// office's sign-in into <folder>, one file per page, as a returning visitor (the consent cookie the
// banner gives) and, for every tenth page, as a first-time visitor. What differs on every answer
// (nonces, form tokens and stamps, the build's file names and version) is replaced by a fixed word,
// so that `diff -r before after` shows only what a change did to the HTML (ADR 028, issue #37).
import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

if (process.argv[2] === "--compare") {
  // --issue-37: also takes out the differences issue #37 made on purpose, each counted, so that what
  // remains is only what nothing explains:
  // - Remix's <Link> writes href after data-discover and no data-prefetch (the site's own anchor,
  //   ADR 023, wrote href first and marked intent prefetch); <NavLink> writes aria-current after
  //   data-discover;
  // - the initial manifest lists the routes of every parent path again (ADR 020 had left out the
  //   other sections'): routes present on one side only are counted, the rest must be equal.
  const [before, after, flag] = process.argv.slice(3);
  const explain = flag === "--issue-37";
  const counts = { links: 0, prefetch: 0, manifestRoutesAdded: 0, manifestRoutesGone: 0 };
  const asRemixLinks = (html) => {
    counts.links += (html.match(/<a href="[^"]*"(?: [\w-]+="[^"]*")*? data-discover="true"/g) ?? []).length;
    counts.prefetch += (html.match(/data-prefetch="intent"/g) ?? []).length;
    return html
      .replace(/<a href="([^"]*)"((?: [\w-]+="[^"]*")*?) data-discover="true"(?: data-prefetch="intent")?>/g, '<a$2 data-discover="true" href="$1">')
      .replace(/<ul class="menu">[\s\S]*?<\/nav>/, (menu) =>
        menu.replaceAll('<a aria-current="page" data-discover="true" ', '<a data-discover="true" aria-current="page" '),
      );
  };
  const MANIFEST = /window\.__remixManifest = (\{[\s\S]*?\});\n?(?=<\/script>|window)/;
  const sameRoutes = (a, b) => {
    const [ma, mb] = [a.match(MANIFEST), b.match(MANIFEST)];
    if (!ma || !mb) return [a, b];
    const [ja, jb] = [JSON.parse(ma[1]), JSON.parse(mb[1])];
    for (const id of Object.keys(jb.routes)) {
      if (id in ja.routes) continue;
      counts.manifestRoutesAdded++;
      delete jb.routes[id];
    }
    for (const id of Object.keys(ja.routes)) {
      if (id in jb.routes) continue;
      counts.manifestRoutesGone++;
      delete ja.routes[id];
    }
    return [a.replace(ma[1], JSON.stringify(ja)), b.replace(mb[1], JSON.stringify(jb))];
  };
  const names = [...new Set([...readdirSync(before), ...readdirSync(after)])].sort();
  let differ = 0;
  for (const name of names) {
    const read = (dir) => {
      try {
        return readFileSync(join(dir, name), "utf8");
      } catch {
        return null;
      }
    };
    let [a, b] = [read(before), read(after)];
    if (explain && a !== null && b !== null) [a, b] = sameRoutes(asRemixLinks(a), b);
    if (a === b) continue;
    differ++;
    if (a === null || b === null) {
      console.log(`${name}: only ${a === null ? "after" : "before"}`);
      continue;
    }
    let i = 0;
    while (a[i] === b[i]) i++;
    console.log(
      `${name} (${a.split("\n")[2]}): first difference at ${i}\n  before …${a.slice(Math.max(0, i - 80), i + 120)}\n  after  …${b.slice(Math.max(0, i - 80), i + 120)}`,
    );
  }
  if (explain) console.log(`explained: ${JSON.stringify(counts)}`);
  console.log(`${names.length} pages compared, ${differ} differ`);
  process.exit(differ ? 1 : 0);
}
const [out, checkout = "."] = process.argv.slice(2);
if (!out) throw new Error("usage: node scripts/html-snapshot.mjs <folder> [checkout]");
const cwd = resolve(checkout);

const port = await new Promise((done) => {
  const s = createServer().listen(0, "127.0.0.1", () => {
    const { port } = s.address();
    s.close(() => done(port));
  });
});
const dataDir = mkdtempSync(join(tmpdir(), "html-snapshot-"));
const child = spawn(process.execPath, ["build/server.js"], {
  cwd,
  env: {
    PATH: process.env.PATH,
    SITE_URL: "http://localhost:3000",
    NODE_ENV: "production",
    EMBEDDED_BACKEND: "1",
    PORT: String(port),
    DATA_DIR: dataDir,
    FORM_SECRET: "snapshot-secret-snapshot-secret-0",
    RATE_LIMIT_PER_MINUTE: "100000",
    LOG_LEVEL: "warn",
  },
  stdio: ["ignore", "ignore", "inherit"],
});
const base = `http://127.0.0.1:${port}`;
try {
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(base + "/readyz")).ok) break;
    } catch {
      // not listening yet
    }
    if (i > 300) throw new Error("the server did not start");
    await new Promise((r) => setTimeout(r, 100));
  }
  const consent = await fetch(base + "/consent", {
    method: "POST",
    headers: { origin: base, "content-type": "application/x-www-form-urlencoded" },
    body: "intent=accept&redirectTo=/en",
    redirect: "manual",
  });
  const cookie = consent.headers.getSetCookie()[0].split(";")[0];
  const sitemap = await (await fetch(base + "/sitemap.xml")).text();
  const paths = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1].replaceAll("&amp;", "&")).pathname);
  const pages = [...new Set(paths)].sort();
  const extra = ["/en/no-such-page", "/ar/لا-توجد", "/no-such-language/x", "/admin/sign-in"];
  mkdirSync(out, { recursive: true });

  const normalise = (html) =>
    html
      .replace(/nonce="[^"]*"/g, 'nonce="NONCE"')
      .replace(/\/build\/([\w./-]*?)-[A-Z0-9]{8}\.(js|css)/g, "/build/$1-HASH.$2")
      .replace(/"version": ?"[0-9a-f]+"/g, '"version":"VERSION"')
      .replace(/[A-Za-z0-9_-]{43}\.[A-Za-z0-9_-]{43}/g, "CSRF")
      .replace(/g1\.[A-Za-z0-9_-]{20,}/g, "STAMP")
      // A form token by where it stands, whatever its format (unsigned since ADR 027's addendum).
      .replace(/(name="csrf" value=")[\w.-]+/g, "$1CSRF")
      .replace(/(\\"csrf\\",\\")[\w.-]+/g, "$1CSRF")
      .replace(/[A-Za-z0-9+/]{40,}={0,2}/g, "SEALED");
  let n = 0;
  const save = async (path, headers, suffix) => {
    const res = await fetch(base + encodeURI(path), { headers, redirect: "manual" });
    // Short, and the same for the same path: a slug's percent-encoding is longer than a file name may be.
    const name = createHash("sha1").update(path).digest("hex").slice(0, 16) + suffix;
    writeFileSync(join(out, `${name}.html`), `${res.status}\n${res.headers.get("content-type")}\n${path}\n${normalise(await res.text())}`);
    n++;
  };
  for (const [i, path] of [...pages, ...extra].entries()) {
    await save(path, { cookie }, "");
    if (i % 10 === 0 || extra.includes(path)) await save(path, {}, ".first");
  }
  console.log(`${n} pages written to ${out} (${pages.length} in the sitemap)`);
} finally {
  child.kill();
  rmSync(dataDir, { recursive: true, force: true });
}
