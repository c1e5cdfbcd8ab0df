import { expect, test } from "vitest";
import { csvCell, toCsv, toRawCsv } from "~/lib/admin/csv";

test("the file starts with a UTF-8 byte order mark and ends every row with CRLF", () => {
  const csv = toCsv([
    ["id", "name"],
    [1, "Анна Смирнова"],
    [2, "فاطمة الزهراء"],
  ]);
  expect(csv.charCodeAt(0)).toBe(0xfeff);
  expect(Buffer.from(csv, "utf8").subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
  expect(csv.slice(1)).toBe('"id","name"\r\n"1","Анна Смирнова"\r\n"2","فاطمة الزهراء"\r\n');
});

test("quotes inside a cell are doubled; commas and line breaks stay inside the quoted cell", () => {
  expect(csvCell('She said "hello", then left')).toBe('"She said ""hello"", then left"');
  expect(csvCell("line one\r\nline two")).toBe('"line one\r\nline two"');
});

test("a cell a spreadsheet would run as a formula gets a leading apostrophe", () => {
  expect(csvCell('=HYPERLINK("http://x","y")')).toBe('"\'=HYPERLINK(""http://x"",""y"")"');
  for (const start of ["+", "-", "@", "\t", "\r"]) expect(csvCell(`${start}1+2`)).toBe(`"'${start}1+2"`);
  expect(csvCell("+905321234567")).toBe(`"'+905321234567"`);
  // Only the first character counts: an equals sign later in a message is text already.
  expect(csvCell("a=b")).toBe('"a=b"');
  expect(csvCell(" =1")).toBe('" =1"');
});

test("empty values are empty cells; numbers and booleans are written as text", () => {
  expect([null, undefined, "", 12, false].map(csvCell)).toEqual(['""', '""', '""', '"12"', '"false"']);
  expect(toCsv([])).toBe("\uFEFF");
});

test("the raw CSV for other tools: RFC 4180 quoting and CRLF rows, no byte order mark, every value as it is", () => {
  expect(
    toRawCsv([
      ["name", "phone"],
      ['=HYPERLINK("http://x","y")', "+905321234567"],
      ["Анна", null],
    ]),
  ).toBe('"name","phone"\r\n"=HYPERLINK(""http://x"",""y"")","+905321234567"\r\n"Анна",""\r\n');
});
