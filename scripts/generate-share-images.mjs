// Draws the pictures a shared link shows where a page has no picture of its own, and the clinic's
// logo for structured data; the files are committed, this is how to make them again:
//
//   node scripts/generate-share-images.mjs
//
// - public/images/share/{lang}.jpg: 1200×630 (Open Graph's recommended size), the logo, the brand and
//   the home page's heading and call to action in that language, laid out right to left for ar.
// - public/images/logo.png: 512×512, the favicon's mark, for schema.org's Organization logo (Google
//   wants a raster of at least 112×112; the favicon is an SVG).
//
// Text is shaped by sharp's own Pango and HarfBuzz (Arabic joined and right to left) with the Noto
// fonts named below: on Debian, `apt-get install fonts-noto-core`. The script stops when a font file
// is missing rather than let Pango fall back to another face. Run it again after changing the brand
// (app/site-config.ts), `home.heading` or `home.primaryCta` in locales/*/common.json, or the sizes,
// which app/lib/site/share-image.ts states to every page.
import { existsSync, mkdirSync, readFileSync } from "node:fs";
import sharp from "sharp";

const LANGS = ["en", "tr", "ru", "fr", "ar"];
const WIDTH = 1200;
const HEIGHT = 630;
const LOGO_SIZE = 512;
const FONTS = {
  latin: "/usr/share/fonts/truetype/noto/NotoSans-Bold.ttf",
  arabic: "/usr/share/fonts/truetype/noto/NotoSansArabic-Bold.ttf",
};
for (const file of Object.values(FONTS)) if (!existsSync(file)) throw new Error(`${file} is missing: apt-get install fonts-noto-core`);

// The site's own colours (app/styles/app.css): navy to blue, the teal of the mark, the call to action's orange.
const NAVY = "#0a2f5c";
const BLUE = "#0b4f8a";
const TEAL = "#0e8a7e";
const CTA = "#c2410c";

const brand = /brand: "([^"]+)"/.exec(readFileSync("app/site-config.ts", "utf8"))?.[1];
if (!brand) throw new Error("No brand in app/site-config.ts");

/** The favicon's mark (a white cross on a teal rounded square) drawn `size` pixels wide at x, y. */
const mark = (x, y, size) => {
  const s = size / 36;
  return `<g transform="translate(${x} ${y}) scale(${s})"><rect width="36" height="36" rx="9" fill="${TEAL}"/><path d="M15 8h6v7h7v6h-7v7h-6v-7H8v-6h7z" fill="#fff"/></g>`;
};

/** One line or paragraph of text as a transparent PNG, and its size. */
async function text(content, { size, color = "#ffffff", width, align = "left", font = FONTS.latin, family = "Noto Sans" }) {
  const markup = `<span foreground="${color}">${content.replace(/&/g, "&amp;").replace(/</g, "&lt;")}</span>`;
  const { data, info } = await sharp({
    text: { text: markup, font: `${family} Bold ${size}px`, fontfile: font, rgba: true, width, align, wrap: "word", spacing: Math.round(size * 0.1) },
  })
    .png()
    .toBuffer({ resolveWithObject: true });
  return { input: data, width: info.width, height: info.height };
}

async function shareImage(lang) {
  const common = JSON.parse(readFileSync(`locales/${lang}/common.json`, "utf8"));
  const rtl = lang === "ar";
  const font = rtl ? { font: FONTS.arabic, family: "Noto Sans Arabic" } : {};
  const heading = common.home.heading.replace("{{brand}}", brand);
  const cta = common.home.primaryCta;

  const margin = 88;
  const textWidth = 720;
  // x of a box `width` wide that starts at the margin on the reading side.
  const start = (width) => (rtl ? WIDTH - margin - width : margin);

  const wordmark = await text(brand, { size: 54 });
  // Pango mirrors the alignment of a right-to-left paragraph itself: "left" is the reading side in both.
  const title = await text(heading, { size: 66, width: textWidth, ...font });
  const button = await text(cta, { size: 30, ...font });
  const pad = { x: 34, y: 18 };
  const pill = { width: button.width + 2 * pad.x, height: button.height + 2 * pad.y };

  const markSize = 76;
  const markX = start(markSize);
  const top = 84;
  const wordmarkX = rtl ? markX - 22 - wordmark.width : markX + markSize + 22;
  const titleY = 220;
  const pillY = Math.max(titleY + title.height + 44, 430);
  const pillX = start(pill.width);
  // The decoration sits on the side the text does not start from.
  const far = rtl ? 190 : WIDTH - 190;

  const background = `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${NAVY}"/><stop offset="1" stop-color="${BLUE}"/></linearGradient></defs>
<rect width="${WIDTH}" height="${HEIGHT}" fill="url(#g)"/>
<circle cx="${far}" cy="300" r="330" fill="#fff" opacity="0.05"/>
<circle cx="${far}" cy="300" r="220" fill="#fff" opacity="0.06"/>
<circle cx="${far}" cy="300" r="120" fill="${TEAL}" opacity="0.9"/>
<path d="M${far - 22} 236h44v42h42v44h-42v42h-44v-42h-42v-44h42z" fill="#fff"/>
${mark(markX, top, markSize)}
<rect x="${pillX}" y="${pillY}" width="${pill.width}" height="${pill.height}" rx="${pill.height / 2}" fill="${CTA}"/>
<rect y="${HEIGHT - 14}" width="${WIDTH}" height="14" fill="${TEAL}"/>
</svg>`;

  await sharp(Buffer.from(background))
    .composite([
      { input: wordmark.input, left: wordmarkX, top: top + Math.round((markSize - wordmark.height) / 2) },
      { input: title.input, left: start(title.width), top: titleY },
      { input: button.input, left: pillX + pad.x, top: pillY + pad.y },
    ])
    .jpeg({ quality: 86, mozjpeg: true })
    .toFile(`public/images/share/${lang}.jpg`);
}

mkdirSync("public/images/share", { recursive: true });
for (const lang of LANGS) await shareImage(lang);
await sharp(Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${LOGO_SIZE}" height="${LOGO_SIZE}">${mark(0, 0, LOGO_SIZE)}</svg>`))
  .png({ compressionLevel: 9, palette: true })
  .toFile("public/images/logo.png");
console.log(`share images: ${LANGS.length} in public/images/share, logo in public/images/logo.png`);
