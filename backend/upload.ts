import type { Request } from "express";
import busboy from "busboy";
import { fileTypeFromBuffer } from "file-type";

export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
const ALLOWED = new Set(["image/jpeg", "image/png", "image/webp"]);

export class UploadError extends Error {
  constructor(
    public status: number,
    message: string,
  ) {
    super(message);
  }
}

/** Reads the multipart `image` part (and `Type`), trusting the bytes, not the name or header. */
export function readImageUpload(req: Request): Promise<{ type: string; contentType: string; bytes: Buffer }> {
  return new Promise((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({ headers: req.headers, limits: { fileSize: MAX_IMAGE_BYTES, files: 1, fields: 5 } });
    } catch {
      return reject(new UploadError(400, "A multipart body is required"));
    }
    let type = "";
    let file: Promise<Buffer> | null = null;
    let tooLarge = false;
    parser.on("field", (name, value) => {
      if (name === "Type") type = value;
    });
    parser.on("file", (name, stream) => {
      if (name !== "image") return stream.resume();
      const chunks: Buffer[] = [];
      stream.on("limit", () => {
        tooLarge = true;
      });
      file = new Promise((done) => {
        stream.on("data", (chunk: Buffer) => chunks.push(chunk));
        stream.on("end", () => done(Buffer.concat(chunks)));
      });
    });
    parser.on("error", () => reject(new UploadError(400, "The multipart body could not be read")));
    parser.on("close", async () => {
      if (tooLarge) return reject(new UploadError(413, "The image is larger than 5 MB"));
      if (!file) return reject(new UploadError(400, "The image part is missing"));
      if (type !== "JobApplication") return reject(new UploadError(400, "Type must be JobApplication"));
      const bytes = await file;
      const sniffed = await fileTypeFromBuffer(bytes);
      if (!sniffed || !ALLOWED.has(sniffed.mime)) return reject(new UploadError(415, "Only JPEG, PNG or WebP images are accepted"));
      resolve({ type, contentType: sniffed.mime, bytes });
    });
    req.pipe(parser);
  });
}
