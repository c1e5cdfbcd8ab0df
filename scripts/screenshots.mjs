// Takes the screenshots a reviewer looks at: en and ar, desktop and phone, menu closed and open.
// Usage: node scripts/screenshots.mjs [baseURL] [outDir] [path ...]
import { mkdirSync } from "node:fs";
import { chromium } from "@playwright/test";

const [base = "http://127.0.0.1:3000", out = "/tmp/screens", ...paths] = process.argv.slice(2);
const targets = paths.length ? paths : ["/en", "/ar", "/en/about-us/history", "/ar/من-نحن/تاريخنا"];
mkdirSync(out, { recursive: true });

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update"],
});
const sizes = {
  desktop: { viewport: { width: 1366, height: 900 } },
  phone: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 },
};
for (const [size, options] of Object.entries(sizes)) {
  const context = await browser.newContext(options);
  const page = await context.newPage();
  for (const path of targets) {
    const name = `${size}-${path.replace(/[^a-z0-9]+/gi, "_") || "root"}`;
    await page.goto(base + encodeURI(path));
    await page.screenshot({ path: `${out}/${name}.png` });
    const toggle = size === "phone" ? ".mobile-nav > summary" : ".menu-dropdown > summary";
    await page.locator(toggle).first().click();
    await page.screenshot({ path: `${out}/${name}-menu.png` });
    await page.keyboard.press("Escape");
  }
  await context.close();
}
await browser.close();
console.log(`screenshots in ${out}`);
