import { expect, test } from "vitest";
import { scriptsInsideBody } from "./scripts-in-body.server";

test("what React wrote after </html> (single fetch's data scripts) goes just before </body>", () => {
  const tail = '<!--$--><script nonce="n">window.__remixContext.streamController.close();</script><!--/$-->';
  const page = Buffer.from(`<html><body><main>صفحة</main></body></html>${tail}`);
  expect(scriptsInsideBody(page).toString()).toBe(`<html><body><main>صفحة</main>${tail}</body></html>`);
});

test("a page that ends with </html> is left as it is", () => {
  const page = Buffer.from("<html><body><main>page</main></body></html>");
  expect(scriptsInsideBody(page)).toBe(page);
});
