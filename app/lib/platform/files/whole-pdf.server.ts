import { fileTypeFromBuffer } from "file-type";

/**
 * A whole PDF: its header by file-type's sniffing, and its end-of-file marker in its last kilobyte (a
 * cut-off upload has none). One check for every PDF the site or its API takes: a text page's document
 * (ADR 061) and a built form's file (ADR 065).
 */
export async function isWholePdf(bytes: Buffer) {
  const sniffed = await fileTypeFromBuffer(bytes);
  return sniffed?.mime === "application/pdf" && bytes.subarray(Math.max(0, bytes.length - 1024)).includes("%%EOF");
}
