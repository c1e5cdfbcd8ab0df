// Shows live reload under `remix dev`: opens a page, saves a changed locale string and then a style,
// and waits for the open page to show each without a reload by hand; screenshots before and after, and the page's CSP
// reports (the reload script must carry the nonce). The edit is undone whatever happens.
// Usage: node scripts/live-reload-check.mjs [outDir]
import { spawn } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { chromium } from "@playwright/test";

const out = process.argv[2] ?? "/tmp/live-reload";
const port = 3300;
const base = `http://127.0.0.1:${port}`;
const file = "locales/en/common.json";
const original = readFileSync(file, "utf8");
const styles = "app/styles/app.css";
const originalStyles = readFileSync(styles, "utf8");
const edited = JSON.parse(original);
const before = edited.titles["about-us"];
const after = `${before}: saved just now`;
edited.titles["about-us"] = after;
mkdirSync(out, { recursive: true });

const server = spawn("node", ["scripts/dev-test.mjs"], { env: { ...process.env, E2E_PORT: String(port) }, stdio: "ignore", detached: true });
const stop = () => {
  writeFileSync(file, original);
  writeFileSync(styles, originalStyles);
  try {
    process.kill(-server.pid, "SIGTERM");
  } catch {
    // already gone
  }
};
process.on("exit", stop);

async function until(check, ms, what) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`timed out waiting for ${what}`);
}

await until(async () => (await fetch(`${base}/healthz`)).ok, 180_000, "remix dev to answer");
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu"] });
const page = await browser.newPage({ viewport: { width: 1280, height: 720 } });
const problems = [];
page.on("response", (res) => {
  if (res.status() >= 400) problems.push(`${res.status()} ${res.url()}`);
});
page.on("console", (msg) => {
  if (msg.type() === "error" || /Content Security Policy/i.test(msg.text())) problems.push(msg.text());
});
await page.goto(`${base}/en/about-us`);
await page.locator("html[data-hydrated=true]").waitFor();
await until(async () => (await page.locator("h1").textContent()) === before, 10_000, "the page");
await page.screenshot({ path: `${out}/1-before-edit.png` });

const saved = Date.now();
writeFileSync(file, `${JSON.stringify(edited, null, 2)}\n`);
await until(async () => (await page.locator("h1").textContent()) === after, 60_000, "the open page to show the saved string");
const seconds = ((Date.now() - saved) / 1000).toFixed(1);
await page.locator("html[data-hydrated=true]").waitFor();
await page.screenshot({ path: `${out}/2-after-edit.png` });

// A saved style: the heading turns another colour in the open page.
const styleSaved = Date.now();
writeFileSync(styles, `${originalStyles}\n.page-hero h1 { color: rgb(255, 200, 0); }\n`);
await until(
  async () => (await page.locator("h1").evaluate((h) => getComputedStyle(h).color)) === "rgb(255, 200, 0)",
  60_000,
  "the open page to use the saved style",
);
const styleSeconds = ((Date.now() - styleSaved) / 1000).toFixed(1);
await page.screenshot({ path: `${out}/3-after-style-edit.png` });
await browser.close();

console.log(`live reload: the open page showed "${after}" ${seconds} s after the save, with no reload by hand`);
console.log(`live reload: the saved style applied ${styleSeconds} s after the save`);
console.log(problems.length ? `console errors or CSP reports:\n${problems.join("\n")}` : "no console errors, no CSP reports");
console.log(`screenshots in ${out}`);
stop();
process.exit(problems.length ? 1 : 0);
