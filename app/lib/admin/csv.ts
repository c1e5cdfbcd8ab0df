/**
 * CSV for spreadsheets (RFC 4180; the audit log's export): every cell quoted, quotes doubled, rows ended by CRLF, and a
 * UTF-8 byte order mark first, without which Excel reads the file as the local code page and
 * Arabic or Cyrillic names come out as mojibake.
 *
 * A cell a spreadsheet would take for a formula (OWASP "CSV injection": one starting with `=`, `+`,
 * `-`, `@`, a tab or a carriage return) gets a leading apostrophe, so a name typed as
 * `=HYPERLINK(…)` on a public form is shown as text, never run, when a coordinator opens the file.
 * That includes a phone number's `+`: Excel would otherwise read `+905321234567` as a number.
 */
export type CsvValue = string | number | boolean | null | undefined;

const BOM = "\uFEFF";
const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: CsvValue): string {
  const text = value === null || value === undefined ? "" : String(value);
  const safe = FORMULA_START.test(text) ? `'${text}` : text;
  return `"${safe.replace(/"/g, '""')}"`;
}

/** The whole file: the BOM, then one CRLF-ended line per row. */
export function toCsv(rows: readonly (readonly CsvValue[])[]): string {
  return BOM + rows.map((row) => `${row.map(csvCell).join(",")}\r\n`).join("");
}

/**
 * CSV for import into other tools (RFC 4180): the same quoting and CRLF rows, in UTF-8 without a
 * byte order mark and with every value as it is (no apostrophe), so a phone stays `+905321234567`.
 * Not for opening in a spreadsheet, which would run a value typed as a formula: the spreadsheet
 * export (XLSX) is for that.
 */
export function toRawCsv(rows: readonly (readonly CsvValue[])[]): string {
  const cell = (value: CsvValue) => `"${(value === null || value === undefined ? "" : String(value)).replace(/"/g, '""')}"`;
  return rows.map((row) => `${row.map(cell).join(",")}\r\n`).join("");
}
