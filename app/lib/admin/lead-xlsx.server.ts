import type { ExportCell } from "~/lib/admin/lead-export.server";

/**
 * The inbox's spreadsheet export: the table as one XLSX sheet. Every text is a text cell in a
 * column formatted as text (`@`), so a spreadsheet neither runs nor converts what a visitor typed:
 * `=HYPERLINK(…)` stays the words, `+905321234567` keeps its plus, `0532…` its zero. exceljs is
 * loaded for the export alone, not with the server (it is large).
 */
export async function leadsXlsx(table: readonly (readonly ExportCell[])[], sheetName: string): Promise<Blob> {
  const { default: ExcelJS } = await import("exceljs");
  const book = new ExcelJS.Workbook();
  const [headings, ...rows] = table;
  const sheet = book.addWorksheet(sheetName.slice(0, 31), { views: [{ state: "frozen", ySplit: 1 }] });
  sheet.columns = headings.map((heading) => ({
    header: String(heading ?? ""),
    width: Math.min(40, Math.max(10, String(heading ?? "").length + 2)),
    style: { numFmt: "@" },
  }));
  sheet.getRow(1).font = { bold: true };
  for (const row of rows) sheet.addRow([...row]);
  return new Blob([await book.xlsx.writeBuffer()]);
}
