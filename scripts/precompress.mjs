// Writes a .br (brotli, quality 11) and a .gz (gzip, level 9) next to every script and stylesheet
// the Remix compiler put in public/build. server.ts serves them with express-static-gzip.
// Why at build time: the compression middleware works per response at brotli quality 4, which made
// home's scripts and stylesheet 124 KB, more than gzip's 122 KB. Quality 11 makes them 107 KB, but
// costs about two seconds for the whole build (1 MB): affordable once per build, not per request.
import { readFile, writeFile } from "node:fs/promises";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import { ASSETS_ROOT as ROOT, assetFiles } from "./build-assets.mjs";

const COMPRESSIBLE = /\.(js|css|map|json|svg)$/;
const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

async function precompress(file) {
  const raw = await readFile(file);
  const [br, gz] = await Promise.all([
    brotli(raw, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
      },
    }),
    gzipAsync(raw, { level: 9 }),
  ]);
  // A file too small to gain is left to be sent as it is.
  const written = [];
  if (br.length < raw.length) written.push(writeFile(`${file}.br`, br));
  if (gz.length < raw.length) written.push(writeFile(`${file}.gz`, gz));
  await Promise.all(written);
  return { raw: raw.length, br: Math.min(br.length, raw.length), gz: Math.min(gz.length, raw.length) };
}

const started = Date.now();
const files = await assetFiles(COMPRESSIBLE);
const totals = { raw: 0, br: 0, gz: 0 };
// Four at a time: zlib runs on libuv's thread pool, which has four threads.
for (let i = 0; i < files.length; i += 4) {
  for (const size of await Promise.all(files.slice(i, i + 4).map(precompress))) {
    for (const key of Object.keys(totals)) totals[key] += size[key];
  }
}
const kb = (n) => `${(n / 1024).toFixed(0)} KB`;
console.log(
  `precompressed ${files.length} files in ${ROOT} in ${((Date.now() - started) / 1000).toFixed(1)} s: ` +
    `${kb(totals.raw)} → brotli ${kb(totals.br)}, gzip ${kb(totals.gz)}`,
);
