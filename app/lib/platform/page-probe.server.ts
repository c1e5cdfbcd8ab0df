/** How long a probe's render may take: the API calls behind a page have `API_TIMEOUT_MS` (5 s) together. */
const RENDER_TIMEOUT_MS = 5_000;
/** How long a probe's answer stands: a load balancer asking every few seconds costs one render per this. */
const KEPT_MS = 10_000;

/**
 * Whether the site renders a real page: readiness asks it besides the API and the outbox. The API
 * answering and the outbox storing said "ready" while a development build under NODE_ENV=production
 * answered every page with a 500 (#36); only a render through the build tells. `render` answers one
 * page (server.ts: the home page in English, through the build's own request handler); a whole page
 * with status 200 within the time limit is a pass, anything else (an error page, a throw, a render
 * cut short, a timeout) a fail. One render at a time, its answer kept for a few seconds.
 */
export function createPageProbe(
  render: (signal: AbortSignal) => Promise<Response>,
  { timeoutMs = RENDER_TIMEOUT_MS, keptMs = KEPT_MS, now = Date.now }: { timeoutMs?: number; keptMs?: number; now?: () => number } = {},
): () => Promise<boolean> {
  let last: { ok: boolean; at: number } | null = null;
  let running: Promise<boolean> | null = null;

  async function attempt(): Promise<boolean> {
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timedOut = new Promise<false>((resolve) => {
      timer = setTimeout(() => {
        controller.abort();
        resolve(false);
      }, timeoutMs);
      timer.unref?.();
    });
    const rendered = (async () => {
      const response = await render(controller.signal);
      const html = await response.text();
      return response.status === 200 && html.trimEnd().endsWith("</html>");
    })().catch(() => false);
    try {
      return await Promise.race([rendered, timedOut]);
    } finally {
      clearTimeout(timer);
    }
  }

  return () => {
    if (last && now() - last.at < keptMs) return Promise.resolve(last.ok);
    running ??= attempt().then((ok) => {
      last = { ok, at: now() };
      running = null;
      return ok;
    });
    return running;
  };
}
