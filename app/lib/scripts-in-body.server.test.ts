import { expect, test } from "vitest";
import { scriptsInsideBody } from "./scripts-in-body.server";

test("what React wrote after </html> (single fetch's data scripts) goes just before </body>", () => {
  const tail = '<!--$--><script nonce="n">window.__remixContext.streamController.close();</script><!--/$-->';
  expect(scriptsInsideBody(`<html><body><main>page</main></body></html>${tail}`)).toBe(`<html><body><main>page</main>${tail}</body></html>`);
});

test("a page that ends with </html> is left as it is", () => {
  const page = "<html><body><main>page</main></body></html>";
  expect(scriptsInsideBody(page)).toBe(page);
});
