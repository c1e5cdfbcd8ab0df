import { expect, test } from "vitest";
import { hydrateAfterPaint, PARKED_TYPE } from "~/lib/hydrate-after-paint.server";

const code = `;\nimport * as route0 from "/build/root.js";\nimport("/build/entry.client.js");`;
const page = (nonce: string) =>
  `<html><head><link rel="stylesheet" href="/a.css"/></head><body><main>text</main>` +
  `<link rel="modulepreload" href="/build/entry.client.js"/><link rel="modulepreload" href="/build/root.js"/>` +
  `<script nonce="${nonce}" type="module" async="">${code}</script><script nonce="${nonce}">window.__remixContext.streamController.close();</script></body></html>`;

test("the preloads and the module script stay where React rendered them, inert; a nonced starter ends <body>", () => {
  const html = hydrateAfterPaint(page("abc"));
  expect(html).toBe(
    `<html><head><link rel="stylesheet" href="/a.css"/></head><body><main>text</main>` +
      `<link rel="modulepreload" href="/build/entry.client.js" media="not all"/><link rel="modulepreload" href="/build/root.js" media="not all"/>` +
      `<script nonce="abc" type="${PARKED_TYPE}">${code}</script><script nonce="abc">window.__remixContext.streamController.close();</script>` +
      html.slice(html.lastIndexOf('<script nonce="abc">(()=>')),
  );
  expect(html.endsWith("</script></body></html>")).toBe(true);
});

test("run in a page, the starter preloads the modules and runs the parked code as a module with its nonce", () => {
  const starter = /<script nonce="abc">(\(\(\)=>.*)<\/script><\/body>/.exec(hydrateAfterPaint(page("abc")))![1];
  const added: Record<string, unknown>[] = [];
  const document = {
    visibilityState: "hidden",
    createElement: () => ({}),
    querySelector: (selector: string) => (selector === `script[type="${PARKED_TYPE}"]` ? { nonce: "abc", textContent: code } : null),
    head: { append: (e: Record<string, unknown>) => added.push(e) },
    body: { append: (e: Record<string, unknown>) => added.push(e) },
  };
  new Function("document", "requestAnimationFrame", starter)(document, () => {
    throw new Error("a hidden tab starts at once");
  });
  expect(added).toEqual([
    { rel: "modulepreload", href: "/build/entry.client.js" },
    { rel: "modulepreload", href: "/build/root.js" },
    { type: "module", nonce: "abc", textContent: code },
  ]);
});

test("a page without the module script is left as it is", () => {
  const plain = "<html><body><p>Not found</p></body></html>";
  expect(hydrateAfterPaint(plain)).toBe(plain);
});
