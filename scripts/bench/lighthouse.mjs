// Lighthouse's mobile figures (its default settings: a mid-range phone on slow 4G, simulated) for
// npm run bench, in Debian's Chromium. Each page is measured RUNS times and the median run (by
// performance score) is kept: one run on a shared machine can be an outlier either way.
import { launch } from "chrome-launcher";
import lighthouse from "lighthouse";

const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);

/**
 * One Lighthouse run. Chromium now and then records a trace without its navigation start
 * (NO_NAVSTART) on this busy machine: such a run measured nothing, so it is made again, twice at most.
 */
async function measured(port, url) {
  for (let attempt = 1; ; attempt++) {
    const { lhr } = await lighthouse(url, { port, onlyCategories: ["performance", "accessibility"], output: "json", logLevel: "error" });
    if (!lhr.runtimeError) return lhr;
    if (attempt === 3) throw new Error(`${url}: ${lhr.runtimeError.message}`);
    console.log(`Lighthouse on ${url}: ${lhr.runtimeError.code}, measured again`);
  }
}

export async function lighthouseFigures(base, paths) {
  const chrome = await launch({
    chromePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking"],
  });
  try {
    const figures = {};
    for (const path of paths) {
      const runs = [];
      for (let i = 0; i < RUNS; i++) {
        const lhr = await measured(chrome.port, base + encodeURI(path));
        runs.push({
          performance: Math.round(lhr.categories.performance.score * 100),
          accessibility: Math.round(lhr.categories.accessibility.score * 100),
          fcp: Math.round(lhr.audits["first-contentful-paint"].numericValue),
          lcp: Math.round(lhr.audits["largest-contentful-paint"].numericValue),
          tbt: Math.round(lhr.audits["total-blocking-time"].numericValue),
          cls: lhr.audits["cumulative-layout-shift"].numericValue,
        });
      }
      runs.sort((a, b) => a.performance - b.performance);
      figures[path] = { ...runs[Math.floor(runs.length / 2)], scores: runs.map((r) => r.performance) };
    }
    return figures;
  } finally {
    await chrome.kill();
  }
}
