import { beforeAll, describe, expect, test } from "vitest";
import { dialCodeFollowsResidence } from "~/lib/forms/dial-follows-residence";
import { loadPhoneRules } from "~/lib/forms/phone-rules";

beforeAll(() => loadPhoneRules());

const posted = (fields: Record<string, string>) => {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  return form;
};
const dialAfter = (fields: Record<string, string>, start = "TR") => {
  const form = posted(fields);
  dialCodeFollowsResidence(form, start);
  return form.get("phoneCountry");
};

describe("a dial code left where the form started follows the country of residence (no JavaScript)", () => {
  test("a German resident's German number gets Germany's code", () => {
    expect(dialAfter({ phoneCountry: "TR", country: "DE", phone: "170 1234567" })).toBe("DE");
  });

  test("so does a number not yet typed, or one valid nowhere: the form comes back showing the residence's code", () => {
    expect(dialAfter({ phoneCountry: "TR", country: "DE", phone: "" })).toBe("DE");
    expect(dialAfter({ phoneCountry: "TR", country: "DE", phone: "12" })).toBe("DE");
  });

  test("a number valid for the start country is what the visitor meant, and keeps its code", () => {
    expect(dialAfter({ phoneCountry: "TR", country: "DE", phone: "0532 123 45 67" })).toBe("TR");
  });

  test("a dial code the visitor moved from the start is theirs", () => {
    expect(dialAfter({ phoneCountry: "GB", country: "DE", phone: "170 1234567" })).toBe("GB");
  });

  test("the start is the page's: on the Gabon page, Gabon", () => {
    expect(dialAfter({ phoneCountry: "GA", country: "FR", phone: "06 12 34 56 78" }, "GA")).toBe("FR");
    expect(dialAfter({ phoneCountry: "TR", country: "FR", phone: "06 12 34 56 78" }, "GA")).toBe("TR");
  });

  test("a residence that is not a country, or a form without one, changes nothing", () => {
    expect(dialAfter({ phoneCountry: "TR", country: "ZZ", phone: "1" })).toBe("TR");
    expect(dialAfter({ phoneCountry: "TR", country: "de", phone: "1" })).toBe("TR");
    expect(dialAfter({ phoneCountry: "TR", phone: "1" })).toBe("TR");
  });
});
