import { describe, expect, test } from "vitest";
import { safeAdminPath } from "~/lib/admin/guard.server";

describe("where sign-in leads back to", () => {
  test.each(["/admin", "/admin/leads?status=new", "/admin?x=1", "/admin/leads/12"])("%s, a back-office path, is kept", (path) => {
    expect(safeAdminPath(path)).toBe(path);
  });
  test.each(["https://evil.example/admin", "//evil.example", "/admin//evil.example", "/admin\\evil", "/administrator", "/en", null, 42])(
    "%s is replaced by /admin",
    (path) => {
      expect(safeAdminPath(path)).toBe("/admin");
    },
  );
});
