import { expect, test } from "vitest";
import { auditQuery, auditSearch, readAuditFilters } from "~/lib/admin/audit-filters";

const read = (search: string) => readAuditFilters(new URLSearchParams(search));

test("who, what and the clinic's days become the API's query; `to` takes in its whole day", () => {
  const { filters, page, ignored } = read("?who=3&what=leads&from=2026-11-01&to=2026-11-28&page=2");
  expect({ filters, page, ignored }).toEqual({ filters: { who: "3", what: "leads", from: "2026-11-01", to: "2026-11-28" }, page: 2, ignored: [] });
  // Istanbul is UTC+3: its day starts at 21:00 UTC the day before.
  expect(auditQuery(filters)).toEqual({ actorId: 3, action: "lead.", since: "2026-10-31T21:00:00.000Z", before: "2026-11-28T21:00:00.000Z" });
  expect(auditSearch(filters, 2)).toBe("?who=3&what=leads&from=2026-11-01&to=2026-11-28&page=2");
});

test("what does not hold is left out and named", () => {
  expect(read("?who=me&what=everything&from=2026-02-31&to=yesterday&page=0")).toEqual({
    filters: {},
    page: 1,
    ignored: ["who", "what", "from", "to", "page"],
  });
  expect(read("?from=2026-11-28&to=2026-11-01")).toEqual({ filters: { from: "2026-11-28" }, page: 1, ignored: ["to"] });
  expect(read("?what=toString").ignored).toEqual(["what"]);
});
