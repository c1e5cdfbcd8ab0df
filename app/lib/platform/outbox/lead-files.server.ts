/*
 * A built form's files in one outbox row (ADR 065). The row has one `photo` column (a job
 * application's photo); a built form may carry several files, so they are packed into it: a 4-byte
 * length, a JSON list of each file's field key, name, type and size, then the bytes one after
 * another. `photo_type` says the column holds such a pack. The same columns in both engines, so
 * neither needs a migration, and scrubbing a delivered row (SCRUBBED) drops the files as before.
 */

/** One file of a built form's lead: the field it answers and what the outbox uploads. */
export interface LeadFile {
  key: string;
  name: string;
  type: string;
  bytes: Buffer;
}

/** `photo_type` of a row whose `photo` holds packed files. */
export const PACKED_FILES_TYPE = "application/x-packed-lead-files";

export function packFiles(files: LeadFile[]): Buffer {
  const header = Buffer.from(JSON.stringify(files.map(({ key, name, type, bytes }) => ({ key, name, type, size: bytes.length }))), "utf8");
  const length = Buffer.alloc(4);
  length.writeUInt32BE(header.length);
  return Buffer.concat([length, header, ...files.map((file) => file.bytes)]);
}

/** The files packed by packFiles; a pack that does not add up (a damaged row) throws. */
export function unpackFiles(packed: Buffer): LeadFile[] {
  const headerLength = packed.readUInt32BE(0);
  const header = JSON.parse(packed.subarray(4, 4 + headerLength).toString("utf8")) as { key: string; name: string; type: string; size: number }[];
  let offset = 4 + headerLength;
  const files = header.map(({ key, name, type, size }) => {
    const bytes = packed.subarray(offset, offset + size);
    offset += size;
    return { key, name, type, bytes };
  });
  if (offset !== packed.length) throw new Error("The lead's packed files do not add up");
  return files;
}
