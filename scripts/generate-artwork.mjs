// Draws the seeded content's illustrative artwork into public/media/{kind}/{key}.svg.
// Deterministic per key, so every build yields the same files; the images carry no text, their
// descriptive alt text comes from the CMS in each language.
import { createHash } from "node:crypto";
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const seedDir = "backend/seed/content/en";
const out = "public/media";
const read = (prefix) =>
  readdirSync(seedDir)
    .filter((f) => f.startsWith(prefix) && f.endsWith(".json"))
    .flatMap((f) => JSON.parse(readFileSync(join(seedDir, f), "utf8")));

const palette = [
  ["#0a2f5c", "#1565c0"],
  ["#0b7a6f", "#0e8a7e"],
  ["#134e4a", "#2a9d8f"],
  ["#1e3a8a", "#3b82f6"],
  ["#5b21b6", "#7c3aed"],
  ["#9a3412", "#ea580c"],
];

function artwork(key, width, height) {
  const hash = createHash("sha256").update(key).digest();
  const [from, to] = palette[hash[0] % palette.length];
  const circles = Array.from({ length: 5 }, (_, i) => {
    const cx = Math.round((hash[1 + i] / 255) * width);
    const cy = Math.round((hash[6 + i] / 255) * height);
    const r = Math.round(60 + (hash[11 + i] / 255) * (height / 2.5));
    return `<circle cx="${cx}" cy="${cy}" r="${r}" fill="#fff" opacity="${(0.06 + (hash[16 + i] / 255) * 0.12).toFixed(2)}"/>`;
  }).join("");
  const s = Math.round(height / 5);
  const x = Math.round(width / 2 - s / 2);
  const y = Math.round(height / 2 - s / 2);
  const t = Math.round(s / 3);
  const cross = `<path d="M${x + t} ${y}h${t}v${t}h${t}v${t}h-${t}v${t}h-${t}v-${t}h-${t}v-${t}h${t}z" fill="#fff" opacity="0.9"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs><rect width="${width}" height="${height}" fill="url(#g)"/>${circles}${cross}</svg>\n`;
}

const groups = {
  treatments: read("treatments").flatMap((t) => [t, ...t.subTreatments]),
  blog: read("blog"),
  testimonials: read("testimonials"),
  deals: read("special-deals"),
};
let count = 0;
for (const [kind, items] of Object.entries(groups)) {
  mkdirSync(join(out, kind), { recursive: true });
  for (const item of items) {
    writeFileSync(join(out, kind, `${item.key}.svg`), artwork(item.key, 1200, 800));
    count++;
  }
}
mkdirSync(join(out, "sliders"), { recursive: true });
for (const item of read("sliders")) {
  writeFileSync(join(out, "sliders", `${item.key}.svg`), artwork(item.key, 1600, 900));
  count++;
}
console.log(`artwork: ${count} images in ${out}`);
