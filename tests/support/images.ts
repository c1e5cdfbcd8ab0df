/*
 * Image files for upload tests, made from bytes (no network, no image tools): 16×16 pictures that
 * Chromium encoded once, and the bad files a visitor might send instead of a photo.
 */

export const TINY_JPEG = Buffer.from(
  "/9j/4AAQSkZJRgABAQAAAQABAAD/4gHYSUNDX1BST0ZJTEUAAQEAAAHIAAAAAAQwAABtbnRyUkdCIFhZWiAH4AABAAEAAAAAAABhY3NwAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAQAA9tYAAQAAAADTLQAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAlkZXNjAAAA8AAAACRyWFlaAAABFAAAABRnWFlaAAABKAAAABRiWFlaAAABPAAAABR3dHB0AAABUAAAABRyVFJDAAABZAAAAChnVFJDAAABZAAAAChiVFJDAAABZAAAAChjcHJ0AAABjAAAADxtbHVjAAAAAAAAAAEAAAAMZW5VUwAAAAgAAAAcAHMAUgBHAEJYWVogAAAAAAAAb6IAADj1AAADkFhZWiAAAAAAAABimQAAt4UAABjaWFlaIAAAAAAAACSgAAAPhAAAts9YWVogAAAAAAAA9tYAAQAAAADTLXBhcmEAAAAAAAQAAAACZmYAAPKnAAANWQAAE9AAAApbAAAAAAAAAABtbHVjAAAAAAAAAAEAAAAMZW5VUwAAACAAAAAcAEcAbwBvAGcAbABlACAASQBuAGMALgAgADIAMAAxADb/2wBDAAYEBQYFBAYGBQYHBwYIChAKCgkJChQODwwQFxQYGBcUFhYaHSUfGhsjHBYWICwgIyYnKSopGR8tMC0oMCUoKSj/2wBDAQcHBwoIChMKChMoGhYaKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCj/wAARCAAQABADASIAAhEBAxEB/8QAFwAAAwEAAAAAAAAAAAAAAAAAAAMEB//EABUQAQEAAAAAAAAAAAAAAAAAAAIA/8QAFQEBAQAAAAAAAAAAAAAAAAAABQb/xAAWEQADAAAAAAAAAAAAAAAAAAAAAgP/2gAMAwEAAhEDEQA/AMzBngQBUAT9KES7n//Z",
  "base64",
);

export const TINY_PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAABAAAAAQCAYAAAAf8/9hAAABTklEQVR4AYSR3UrFQAyEp7ndlxNFFEUQxcc4KqKIL33iN/t32qpYSLOZzEzSbpSzryznxMVnlkvHR5Yr4vo9yw1x+5blzvGa5d7xkuXhOcvjIcvTIUOR0nKUQtLCeWbOxhdJzsYFVvnOkuCHX1UsTABm7XNIGuJZd7H5mLGBpE0Twl40JzOkmsJxBicB2sBBNc36hFYjGH3jPjvgrzYwyWaSxgZMaP+IHmR1Uctg8KIV0iljEtKphujak/nmPc4GEHCqP3JMmJN3Zj/wI7IpMjn75JHFA26Ow5vMDE4d+ueeGaG2tk0t6rnqkvZ+/THhj29uZlLNcPkH4sG1/qCjsFRthnj2OP0FGOG4nWhkiBWk6ck+O4J6ZsS1JhtzULPBStzBkynksdmcvDWNRgb05ErGMKg3Zr025qh9m4svrkUX/XLP7ZbcJ9biBVOlvgEAAP//sdoCMwAAAAZJREFUAwCaDb4O8blXzAAAAABJRU5ErkJggg==",
  "base64",
);

export const TINY_WEBP = Buffer.from(
  "UklGRh4CAABXRUJQVlA4WAoAAAAgAAAADwAADwAASUNDUMgBAAAAAAHIAAAAAAQwAABtbnRyUkdCIFhZWiAH4AABAAEAAAAAAABhY3NwAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAQAA9tYAAQAAAADTLQAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAlkZXNjAAAA8AAAACRyWFlaAAABFAAAABRnWFlaAAABKAAAABRiWFlaAAABPAAAABR3dHB0AAABUAAAABRyVFJDAAABZAAAAChnVFJDAAABZAAAAChiVFJDAAABZAAAAChjcHJ0AAABjAAAADxtbHVjAAAAAAAAAAEAAAAMZW5VUwAAAAgAAAAcAHMAUgBHAEJYWVogAAAAAAAAb6IAADj1AAADkFhZWiAAAAAAAABimQAAt4UAABjaWFlaIAAAAAAAACSgAAAPhAAAts9YWVogAAAAAAAA9tYAAQAAAADTLXBhcmEAAAAAAAQAAAACZmYAAPKnAAANWQAAE9AAAApbAAAAAAAAAABtbHVjAAAAAAAAAAEAAAAMZW5VUwAAACAAAAAcAEcAbwBvAGcAbABlACAASQBuAGMALgAgADIAMAAxADZWUDggMAAAAJABAJ0BKhAAEAABQCYlsAJ0ugADmAD+80PHQXVLsv/EOYx014X/5sD+zf3o+HMAAA==",
  "base64",
);

/**
 * A valid JPEG of exactly `size` bytes (for any size 5 bytes beyond the tiny one): the tiny one
 * with comment (COM) segments after its start marker, as a camera's large metadata would be.
 */
export function largeJpeg(size: number): Buffer {
  const segments: Buffer[] = [];
  let total = TINY_JPEG.length;
  while (total < size) {
    const remaining = size - total;
    let data = Math.max(1, Math.min(65_533, remaining - 4));
    // Never leave a remainder too small for one more segment (4 bytes of header, 1 of data).
    if (remaining - (data + 4) > 0 && remaining - (data + 4) < 5) data -= 5;
    const segment = Buffer.alloc(4 + data, 0x61);
    segment.writeUInt16BE(0xfffe, 0);
    segment.writeUInt16BE(data + 2, 2);
    segments.push(segment);
    total += segment.length;
  }
  return Buffer.concat([TINY_JPEG.subarray(0, 2), ...segments, TINY_JPEG.subarray(2)]);
}

/** A web page saved under a photo's name: its extension says JPEG, its bytes say otherwise. */
export const HTML_NAMED_JPEG = Buffer.from('<!doctype html>\n<html lang="en"><head><title>Not a photo</title></head><body><p>Hello</p></body></html>\n');

/** The eight-byte PNG signature, then bytes that are no PNG at all. */
export const PNG_HEADER_THEN_JUNK = Buffer.concat([
  TINY_PNG.subarray(0, 8),
  Buffer.from("this is not image data, just junk after a PNG signature ".repeat(20)),
]);

/** A JPEG start marker, then junk: the magic number alone must not pass. */
export const JPEG_HEADER_THEN_JUNK = Buffer.concat([TINY_JPEG.subarray(0, 3), Buffer.from("junk after a JPEG start marker ".repeat(20))]);
