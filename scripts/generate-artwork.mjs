// Draws the seeded content's illustrative artwork into public/media/{kind}/{key}.svg, and beside
// each its picture for shared links, {key}.jpg: 1200×630 (Open Graph's size), a JPEG because link
// previews (WhatsApp, Facebook) take no SVG (app/lib/platform/api/media-urls.ts names it).
// Deterministic per key, so every build yields the same files; the images carry no text, their
// descriptive alt text comes from the CMS in each language.
import { createHash } from "node:crypto";
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import sharp from "sharp";

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

/** A shared link's picture: the size the site states for it (app/lib/platform/api/media-urls.ts). */
const SHARE = { width: 1200, height: 630 };
const shareJobs = [];
const writeShare = (file, svg) => shareJobs.push(() => sharp(Buffer.from(svg)).jpeg({ quality: 82 }).toFile(file));

/** The gradient and soft circles every piece of artwork stands on, `width` × `height`. */
function backdrop(key, width, height) {
  const hash = createHash("sha256").update(key).digest();
  const [from, to] = palette[hash[0] % palette.length];
  const circles = Array.from({ length: 5 }, (_, i) => {
    const cx = Math.round((hash[1 + i] / 255) * width);
    const cy = Math.round((hash[6 + i] / 255) * height);
    const r = Math.round(60 + (hash[11 + i] / 255) * (height / 2.5));
    return `<circle cx="${cx}" cy="${cy}" r="${r}" fill="#fff" opacity="${(0.06 + (hash[16 + i] / 255) * 0.12).toFixed(2)}"/>`;
  }).join("");
  return `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs><rect width="${width}" height="${height}" fill="url(#g)"/>${circles}`;
}

function artwork(key, width, height) {
  const s = Math.round(height / 5);
  const x = Math.round(width / 2 - s / 2);
  const y = Math.round(height / 2 - s / 2);
  const t = Math.round(s / 3);
  const cross = `<path d="M${x + t} ${y}h${t}v${t}h${t}v${t}h-${t}v${t}h-${t}v-${t}h-${t}v-${t}h${t}z" fill="#fff" opacity="0.9"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${backdrop(key, width, height)}${cross}</svg>\n`;
}

const groups = {
  treatments: read("treatments").flatMap((t) => [t, ...t.subTreatments]),
  blog: read("blog"),
  testimonials: read("testimonials"),
  deals: read("special-deals"),
  "about-life": read("about-life"),
};
let count = 0;
for (const [kind, items] of Object.entries(groups)) {
  mkdirSync(join(out, kind), { recursive: true });
  for (const item of items) {
    writeFileSync(join(out, kind, `${item.key}.svg`), artwork(item.key, 1200, 800));
    // Testimonials have no page of their own to share.
    if (kind !== "testimonials") writeShare(join(out, kind, `${item.key}.jpg`), artwork(item.key, SHARE.width, SHARE.height));
    count++;
  }
}
mkdirSync(join(out, "sliders"), { recursive: true });
for (const item of read("sliders")) {
  writeFileSync(join(out, "sliders", `${item.key}.svg`), artwork(item.key, 1600, 900));
  count++;
}

// Doctors: a drawn head-and-shoulders portrait in a white coat, varied per doctor by
// backend/seed/content/doctors.json. Alt text comes from the page, in the page's language.
const skins = ["#f1c7a5", "#d9a47e", "#a8714f"];
const hairColors = ["#2b1d16", "#5a3825", "#161616", "#9ca3af"];
const shirts = ["#1565c0", "#0b7a6f", "#5b21b6", "#9a3412"];
const fringe = "M136 196C128 116 172 96 200 96C236 96 276 114 264 196C256 162 236 140 200 138C164 140 144 162 136 196Z";
const hairBehind = {
  long: "M128 200C118 112 170 96 200 96C238 96 284 112 272 200L286 336C252 352 148 352 114 336Z",
  bob: "M130 196C122 112 170 96 200 96C236 96 280 110 270 196L278 268C252 280 148 280 122 268Z",
  bun: "",
  short: "",
  receding: "",
};
/** The doctor's head and shoulders, in a 400 × 480 box, on no background. */
function figure({ hair, skin, hairColor, coat }) {
  const skinTone = skins[skin % skins.length];
  const hairTone = hairColors[hairColor % hairColors.length];
  const behind = [
    hairBehind[hair] ? `<path d="${hairBehind[hair]}" fill="${hairTone}"/>` : "",
    hair === "bun" ? `<circle cx="200" cy="92" r="32" fill="${hairTone}"/>` : "",
  ].join("");
  const top =
    hair === "receding"
      ? `<path d="M137 214C130 168 140 142 160 130L164 190ZM263 214C270 168 260 142 240 130L236 190Z" fill="${hairTone}"/>`
      : `<path d="${fringe}" fill="${hairTone}"/>`;
  return (
    behind +
    `<rect x="172" y="236" width="56" height="96" rx="24" fill="${skinTone}"/>` +
    `<path d="M36 480C36 384 92 336 200 326C308 336 364 384 364 480Z" fill="#f8fafc"/>` +
    `<path d="M164 326L236 326L200 404Z" fill="${shirts[coat % shirts.length]}"/>` +
    `<path d="M164 326L200 420L236 326" fill="none" stroke="#cbd5e1" stroke-width="4"/>` +
    `<path d="M150 334Q146 412 200 424Q254 412 250 334" fill="none" stroke="#334155" stroke-width="6" stroke-linecap="round"/>` +
    `<circle cx="200" cy="432" r="11" fill="#334155"/>` +
    `<ellipse cx="200" cy="190" rx="62" ry="76" fill="${skinTone}"/>` +
    top
  );
}
function portrait(slug, look, width, height) {
  const hash = createHash("sha256").update(slug).digest();
  const [from, to] = palette[hash[0] % palette.length];
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 400 480">` +
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>` +
    `<rect width="400" height="480" fill="url(#g)"/>` +
    `<circle cx="${60 + (hash[1] % 280)}" cy="${40 + (hash[2] % 120)}" r="${90 + (hash[3] % 60)}" fill="#fff" opacity="0.08"/>` +
    figure(look) +
    `</svg>\n`
  );
}
/** The portrait for a shared link: the figure whole, full height, in the middle of a wide backdrop. */
function sharedPortrait(slug, look) {
  const { width, height } = SHARE;
  const figureWidth = Math.round((height * 400) / 480);
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${backdrop(slug, width, height)}` +
    `<svg x="${Math.round((width - figureWidth) / 2)}" y="0" width="${figureWidth}" height="${height}" viewBox="0 0 400 480">${figure(look)}</svg></svg>\n`
  );
}
const doctors = JSON.parse(readFileSync("backend/seed/content/doctors.json", "utf8")).doctors;
mkdirSync(join(out, "doctors"), { recursive: true });
for (const doctor of doctors) {
  writeFileSync(join(out, "doctors", `${doctor.key}.svg`), portrait(doctor.key, doctor.portrait, 400, 480));
  writeShare(join(out, "doctors", `${doctor.key}.jpg`), sharedPortrait(doctor.key, doctor.portrait));
  count++;
}
// One picture at a time: libvips uses every core for each, and a build has nothing else to do meanwhile.
for (const job of shareJobs) await job();
console.log(`artwork: ${count} images and ${shareJobs.length} pictures for shared links in ${out}`);
