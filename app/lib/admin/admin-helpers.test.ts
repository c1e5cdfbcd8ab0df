import { describe, expect, test } from "vitest";
import { auditActionKey } from "~/lib/admin/audit";
import { refusalStatus } from "~/lib/admin/delivery";

describe("auditActionKey", () => {
  test("names the known actions", () => {
    expect(auditActionKey("sign-in-failed")).toBe("signInFailed");
    expect(auditActionKey("user.password")).toBe("userPassword");
  });
  test("leaves the others to be shown raw", () => {
    expect(auditActionKey("lead.archive")).toBeNull();
    expect(auditActionKey("toString")).toBeNull();
  });
});

describe("refusalStatus", () => {
  test("reads the status the outbox recorded", () => {
    expect(refusalStatus("API call api/contactForm answered 422")).toBe("422");
    expect(refusalStatus("API call api/jobOffer/webMagazine answered 413")).toBe("413");
  });
  test("is null for a status the page has no words for, or none", () => {
    expect(refusalStatus("API call api/contactForm answered 409")).toBeNull();
    expect(refusalStatus("API call api/contactForm reported an error")).toBeNull();
  });
});
