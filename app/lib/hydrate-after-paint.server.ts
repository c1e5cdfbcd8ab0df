const PRELOAD = /<link rel="modulepreload" href="([^"]+)"\/>/g;
const MODULE = /<script(?: nonce="([^"]*)")? type="module" async="">/;
const END = "</body>";
/** The type the module script is parked under until the page has been painted: a data block, which no browser runs. */
export const PARKED_TYPE = "text/x-remix-after-paint";

/**
 * The page's JavaScript is asked for once the page has been painted, not while it paints.
 *
 * Remix puts a `<link rel="modulepreload">` for each of a page's modules (17 on home, about
 * 120 KB) and the module script that imports them into the HTML, so the browser fetches them with
 * the HTML: on a slow phone connection they take the bandwidth the stylesheets and the first paint
 * need (Lighthouse's mobile first paint was 2.6 s, most of it scripts). The page is complete and
 * usable before any of them runs (forms and menus work as plain HTML), so they wait: hydration
 * starts one frame after the first paint, and what the visitor came to read is on screen first
 * (ADR 014).
 *
 * React hydrates these elements, so they stay where they are, inert: the preloads match no media,
 * and the module script is parked as a data block. A small inline script at the end of <body>
 * preloads the same modules and runs the same module code after the first frame (at once in a tab
 * opened in the background, which paints nothing). A page without the module script (an error
 * page rendered without scripts) is left as it is.
 */
export function hydrateAfterPaint(html: string): string {
  const module = MODULE.exec(html);
  if (!module || !html.includes(END)) return html;
  const nonce = module[1];
  const preloads = [...html.matchAll(PRELOAD)].map((m) => m[1]);
  const nonceAttr = nonce === undefined ? "" : ` nonce="${nonce}"`;
  const starter =
    `<script${nonceAttr}>(()=>{const start=()=>{` +
    `for(const href of ${JSON.stringify(preloads).replace(/</g, "\\u003c")}){const l=document.createElement("link");l.rel="modulepreload";l.href=href;document.head.append(l)}` +
    `const parked=document.querySelector('script[type="${PARKED_TYPE}"]'),s=document.createElement("script");` +
    `s.type="module";s.nonce=parked.nonce;s.textContent=parked.textContent;document.body.append(s)};` +
    `if(document.visibilityState==="hidden")start();else requestAnimationFrame(()=>setTimeout(start,0))})()</script>`;
  const inert = html
    .replace(module[0], `<script${nonceAttr} type="${PARKED_TYPE}">`)
    .replace(PRELOAD, (_, href: string) => `<link rel="modulepreload" href="${href}" media="not all"/>`);
  const at = inert.lastIndexOf(END);
  return inert.slice(0, at) + starter + inert.slice(at);
}
