import { DEV, expect, test } from "./fixtures";

// One page of each type: home, a content page, a form, an API detail page, the 404 page.
const PAGES = ["/en", "/ar/من-نحن", "/fr/obtenir-une-offre", "/fr/traitements/greffe-de-cheveux/1", "/ru/no-such-page"];

function directives(csp: string): Map<string, string[]> {
  return new Map(
    csp
      .split(";")
      .map((d) => d.trim().split(/\s+/))
      .map(([name, ...values]) => [name, values]),
  );
}

for (const path of PAGES) {
  test(`${path} is served with a nonce CSP and the security headers`, async ({ request }) => {
    const res = await request.get(encodeURI(path), { maxRedirects: 0 });
    expect([200, 404]).toContain(res.status());
    const headers = res.headers();
    const csp = directives(headers["content-security-policy"]);
    const scriptSrc = csp.get("script-src")!;
    const nonce = scriptSrc.find((v) => v.startsWith("'nonce-"))?.slice(7, -1);
    expect(nonce).toMatch(/^[A-Za-z0-9+/=]{16,}$/);
    expect(scriptSrc).not.toContain("'unsafe-inline'");
    expect(scriptSrc).not.toContain("'unsafe-eval'");
    expect(csp.get("frame-ancestors")).toEqual(["'none'"]);
    expect(csp.get("object-src")).toEqual(["'none'"]);
    // The analytics double is configured for this suite, so it is the one extra origin page views may
    // reach; under remix dev the live-reload socket too (its scripts carry the nonce, checked below).
    expect(csp.get("connect-src")).toEqual(["'self'", expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+$/), ...(DEV ? ["ws:"] : [])]);
    expect(headers["x-content-type-options"]).toBe("nosniff");
    expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    expect(headers["x-frame-options"]).toBe("DENY");
    // Plain HTTP without a trusted proxy saying otherwise: no HSTS.
    expect(headers["strict-transport-security"]).toBeUndefined();
    // Every script the page carries has this response's nonce; a second response gets a new one.
    const html = await res.text();
    const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]).filter((tag) => !tag.includes('type="application/ld+json"'));
    expect(scripts.length).toBeGreaterThan(0);
    for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
    const again = directives((await request.get(encodeURI(path))).headers()["content-security-policy"]);
    expect(again.get("script-src")).not.toEqual(scriptSrc);
  });
}

test.describe("enforcement", () => {
  // This test provokes the one violation on purpose.
  test.use({ allowCspViolations: true });

  test("the browser enforces the policy: an injected inline script does not run", async ({ page }) => {
    await page.goto("/en");
    await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
    const outcome = await page.evaluate(
      () =>
        new Promise<{ ran: boolean; blocked: string }>((resolve) => {
          document.addEventListener(
            "securitypolicyviolation",
            (e) => resolve({ ran: Boolean((window as { injected?: boolean }).injected), blocked: e.violatedDirective }),
            { once: true },
          );
          const s = document.createElement("script");
          s.textContent = "window.injected = true";
          document.body.append(s);
        }),
    );
    expect(outcome).toEqual({ ran: false, blocked: "script-src-elem" });
  });
});
