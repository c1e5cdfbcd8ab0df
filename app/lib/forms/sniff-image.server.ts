import { fileTypeFromBuffer } from "file-type";
import { PHOTO_MIME_TYPES, type PhotoMimeType } from "~/lib/forms/choices";

/*
 * file-type reads the magic number (and, for PNG, that the first chunk is a real header). A
 * magic number followed by junk still says "JPEG", so each accepted format's own structure is
 * checked too: far enough to know a decoder will find a picture, not a full decode.
 */

const SOF_MARKERS = new Set([0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf]);

/** Segments from the start marker up to the scan: a frame header with a size, then an end marker. */
function isWholeJpeg(bytes: Buffer): boolean {
  let offset = 2;
  let sawFrame = false;
  while (offset + 4 <= bytes.length) {
    if (bytes[offset] !== 0xff) return false;
    const marker = bytes[offset + 1];
    if (marker === 0xff) {
      offset += 1; // fill byte
      continue;
    }
    const length = bytes.readUInt16BE(offset + 2);
    if (length < 2) return false;
    if (SOF_MARKERS.has(marker)) {
      if (offset + 9 > bytes.length) return false;
      sawFrame = bytes.readUInt16BE(offset + 5) > 0 && bytes.readUInt16BE(offset + 7) > 0;
    }
    if (marker === 0xda) return sawFrame && bytes.lastIndexOf(Buffer.from([0xff, 0xd9])) > offset;
    offset += 2 + length;
  }
  return false;
}

/** A PNG ends with its IEND chunk (file-type has checked the signature and header chunk). */
const isWholePng = (bytes: Buffer) => bytes.length >= 45 && bytes.subarray(-12, -4).toString("latin1") === "\0\0\0\0IEND";

/** RIFF's own length fits the file and the first chunk is a WebP bitstream or its extended header. */
function isWholeWebp(bytes: Buffer): boolean {
  if (bytes.length < 30) return false;
  const riffLength = bytes.readUInt32LE(4);
  return riffLength + 8 <= bytes.length && riffLength >= 22 && /^VP8[ LX]$/.test(bytes.subarray(12, 16).toString("latin1"));
}

const CHECKS: Record<PhotoMimeType, (bytes: Buffer) => boolean> = {
  "image/jpeg": isWholeJpeg,
  "image/png": isWholePng,
  "image/webp": isWholeWebp,
};

/** The photo's real type from its bytes, or null when it is not a whole JPEG, PNG or WebP image. */
export async function sniffPhoto(bytes: Buffer): Promise<PhotoMimeType | null> {
  const sniffed = await fileTypeFromBuffer(bytes);
  const mime = PHOTO_MIME_TYPES.find((type) => type === sniffed?.mime);
  return mime && CHECKS[mime](bytes) ? mime : null;
}
