import type { Request } from "express";
import busboy from "busboy";
import { fileTypeFromBuffer } from "file-type";
import { isWholePdf } from "../app/lib/platform/files/whole-pdf.server";

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

/** What each upload call reads: its part's name, its `Type`, and the check of its bytes (the type they are, or null). */
const KINDS = {
  image: {
    part: "image",
    type: "JobApplication",
    typed: async (bytes: Buffer) => {
      const sniffed = await fileTypeFromBuffer(bytes);
      return sniffed && ALLOWED.has(sniffed.mime) ? sniffed.mime : null;
    },
    refused: "Only JPEG, PNG or WebP images are accepted",
  },
  document: {
    part: "document",
    type: "FormFile",
    typed: async (bytes: Buffer) => ((await isWholePdf(bytes)) ? "application/pdf" : null),
    refused: "Only a whole PDF is accepted",
  },
} as const;

/** Reads the multipart `image` part (and `Type`), trusting the bytes, not the name or header. */
export const readImageUpload = (req: Request) => readUpload(req, "image");
/** Reads the multipart `document` part (and `Type`): a whole PDF, as sent (a built form's file, ADR 065). */
export const readDocumentUpload = (req: Request) => readUpload(req, "document");

function readUpload(req: Request, kind: keyof typeof KINDS): Promise<{ type: string; contentType: string; bytes: Buffer }> {
  const rules = KINDS[kind];
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
      if (name !== rules.part) return stream.resume();
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
      if (tooLarge) return reject(new UploadError(413, `The ${kind} is larger than 5 MB`));
      if (!file) return reject(new UploadError(400, `The ${rules.part} part is missing`));
      if (type !== rules.type) return reject(new UploadError(400, `Type must be ${rules.type}`));
      const bytes = await file;
      const contentType = await rules.typed(bytes);
      if (!contentType) return reject(new UploadError(415, rules.refused));
      resolve({ type, contentType, bytes });
    });
    req.pipe(parser);
  });
}
