import type { Page } from "@playwright/test";

/**
 * The page's cumulative layout shift since it started loading (shifts after input left out), and
 * what moved, so a failure names it. Read once the page has loaded and been scrolled.
 */
export function layoutShift(page: Page): Promise<{ shift: number; moved: string[] }> {
  return page.evaluate(
    () =>
      new Promise<{ shift: number; moved: string[] }>((resolve) => {
        let total = 0;
        const moved: string[] = [];
        type Shift = PerformanceEntry & {
          value: number;
          hadRecentInput: boolean;
          sources: { node?: Node; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[];
        };
        const add = (entries: PerformanceEntryList) => {
          for (const entry of entries as Shift[]) {
            if (entry.hadRecentInput) continue;
            total += entry.value;
            for (const { node, previousRect: a, currentRect: b } of entry.sources ?? []) {
              const el = node instanceof Element ? node : node?.parentElement;
              moved.push(
                `${el ? `${el.tagName.toLowerCase()}.${[...el.classList].join(".")}` : "?"} x ${a.x}→${b.x} w ${a.width}→${b.width}, y ${a.y}→${b.y} h ${a.height}→${b.height}, at ${Math.round(entry.startTime)} ms`,
              );
            }
          }
        };
        const observer = new PerformanceObserver((list) => add(list.getEntries()));
        observer.observe({ type: "layout-shift", buffered: true });
        // The buffered entries arrive in a task of their own; one frame later they are all in.
        requestAnimationFrame(() =>
          setTimeout(() => {
            add(observer.takeRecords());
            observer.disconnect();
            resolve({ shift: total, moved });
          }, 0),
        );
      }),
  );
}

/** Scrolls the whole page half a screen at a time, letting each step paint, then waits for the network to settle. */
export async function scrollThrough(page: Page) {
  await page.evaluate(async () => {
    for (let y = 0; y < document.documentElement.scrollHeight; y += window.innerHeight / 2) {
      window.scrollTo(0, y);
      // Two frames: the scroll is painted and what it brought into view has been laid out.
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    }
  });
  await page.waitForLoadState("networkidle");
}
