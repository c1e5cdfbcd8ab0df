// Copies the country flags (flag-icons, 4:3 SVG) into public/flags/{code}.svg. Served as static
// files rather than bundled: the combobox loads only the few flags it shows, and the machines have
// no emoji font, so flag emoji would render as empty boxes.
import { copyFileSync, mkdirSync, readdirSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";

const require = createRequire(import.meta.url);
const source = join(dirname(require.resolve("flag-icons/package.json")), "flags", "4x3");
const out = "public/flags";
mkdirSync(out, { recursive: true });
// Only the two-letter codes: the set also has regions such as gb-eng and es-ct.
const files = readdirSync(source).filter((file) => /^[a-z]{2}\.svg$/.test(file));
for (const file of files) copyFileSync(join(source, file), join(out, file));
console.log(`Copied ${files.length} flags to ${out}`);
