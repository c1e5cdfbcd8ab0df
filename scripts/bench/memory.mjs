// Resident memory after a long mixed run (issue #16: at most 300 MB after 20,000 requests): every
// page type in every language, first-time and returning visitors, form pages, client-side
// navigations' data, unknown paths and query strings that make every URL new (the caches must
// stay bounded, not grow with each new URL).
import { readFileSync } from "node:fs";
import { request } from "undici";

const TOTAL = Number(process.env.MEMORY_REQUESTS ?? 20_000);
const PARALLEL = 16;

export const rssMB = (pid) => Math.round(Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))[1]) / 1024);

export async function memoryFigures(base, pid, { paths, consentCookie }) {
  const start = rssMB(pid);
  let sent = 0;
  let failed = 0;
  const next = () => {
    const n = sent++;
    const path = paths[n % paths.length];
    // Every seventh is a client-side navigation's data; every fifth a URL no one asked for before.
    const target = n % 7 === 0 ? (path === "/" ? "/_root.data" : `${path}.data`) : path;
    const url = base + encodeURI(target) + (n % 5 === 0 ? `?utm_source=bench${n}` : "");
    const headers = n % 2 === 0 ? { cookie: consentCookie } : {};
    return request(url, { headers }).then(
      async (res) => {
        await res.body.dump();
        if (res.statusCode >= 500) failed++;
      },
      () => failed++,
    );
  };
  const worker = async () => {
    while (sent < TOTAL) await next();
  };
  await Promise.all(Array.from({ length: PARALLEL }, worker));
  return { requests: TOTAL, failed, rssStartMB: start, rssEndMB: rssMB(pid) };
}
