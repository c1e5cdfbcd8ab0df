import { expect, test } from "vitest";
import { LEAD_CSV_COLUMNS, leadsCsv, leadsCsvFilename } from "~/lib/admin/lead-csv";
import type { LeadDetail } from "~/lib/platform/api/admin-contract";

const base = {
  source: null,
  phone: null,
  status: "new" as const,
  assignee: null,
  notes: [],
  photo: null,
  receivedAt: "2026-11-20T08:30:00.000Z",
  ...{ offer: null, followUpOn: null, enteredBy: null, lostReason: null, firstAnswerAt: null, history: [] },
};
const offer: LeadDetail = {
  ...base,
  id: 7,
  kind: "offer",
  source: "magazine",
  name: "فاطمة الزهراء",
  email: "f@example.org",
  phone: "+966501234567",
  language: "ar",
  status: "contacted",
  assignee: { id: 2, name: "Deniz Coordinator" },
  fields: { name: "فاطمة الزهراء", countryCode: "SA", cityId: 104, treatmentId: 3, message: 'Line one\nsaid "hi"', privacyConsent: true },
};
const partner: LeadDetail = {
  ...base,
  id: 8,
  kind: "partner",
  name: '=HYPERLINK("http://x","y")',
  email: "p@example.org",
  language: "fr",
  fields: { organisation: "Clinique, SA", website: "https://example.org", institutionTypeId: 2, countryCode: "FR", cityName: "Lyon" },
};

const lines = (csv: string) => csv.slice(1).split("\r\n");

test("the header row names the fixed columns; every row has as many cells", () => {
  const csv = leadsCsv([offer, partner], (country, id) => (country === "SA" && id === 104 ? "Riyadh" : undefined));
  const [header, first, second, last] = lines(csv);
  expect(header).toBe(LEAD_CSV_COLUMNS.map((c) => `"${c}"`).join(","));
  expect(first).toBe(
    '"7","2026-11-20T08:30:00.000Z","offer","magazine","contacted","Deniz Coordinator","ar","فاطمة الزهراء","f@example.org","\'+966501234567","SA","Riyadh","3","","Line one\nsaid ""hi""","","","",""',
  );
  expect(second).toBe(
    '"8","2026-11-20T08:30:00.000Z","partner","","new","","fr","\'=HYPERLINK(""http://x"",""y"")","p@example.org","","FR","Lyon","","","","Clinique, SA","https://example.org","2",""',
  );
  expect(last).toBe("");
});

test("a chosen city whose name is unknown is written as its id", () => {
  const [, row] = lines(leadsCsv([offer]));
  expect(row.split('","')[11]).toBe("104");
});

test("the file is named after the day of the export", () => {
  expect(leadsCsvFilename(new Date("2026-03-04T23:59:00Z"))).toBe("leads-2026-03-04.csv");
});
