import { describe, expect, test } from "vitest";
import { nextConsent } from "~/lib/site/consent.server";

const form = (entries: Record<string, string>) => {
  const f = new FormData();
  for (const [k, v] of Object.entries(entries)) f.set(k, v);
  return f;
};

describe("consent choices", () => {
  test("accept all turns every category on and makes an analytics id", () => {
    const c = nextConsent("accept", form({}), null)!;
    expect(c).toMatchObject({ requiredCookies: true, performanceAndAnalysisCookies: true, functionalityCookies: true });
    expect(c.clientId).toMatch(/^\d+\.\d+$/);
  });
  test("reject all turns the optional categories off and drops the id", () => {
    const previous = nextConsent("accept", form({}), null);
    const c = nextConsent("reject", form({}), previous)!;
    expect(c).toMatchObject({ performanceAndAnalysisCookies: false, functionalityCookies: false });
    expect(c.clientId).toBeUndefined();
  });
  test("save keeps exactly the ticked categories", () => {
    const c = nextConsent("save", form({ functionality: "on" }), null)!;
    expect(c).toMatchObject({ performanceAndAnalysisCookies: false, functionalityCookies: true });
  });
  test("reset deletes the choice", () => {
    expect(nextConsent("reset", form({}), null)).toBeNull();
  });
});
