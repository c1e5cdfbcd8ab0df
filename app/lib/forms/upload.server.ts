import { unstable_parseMultipartFormData, type UploadHandler } from "@remix-run/node";
import { sniffPhoto } from "~/lib/forms/sniff-image.server";
import { isWholePdf } from "~/lib/platform/files/whole-pdf.server";

export interface UploadLimits {
  /** A larger file is left out and recorded, so the form can come back with a field error. 0: the form takes no file, and one refuses the post. */
  maxFileBytes: number;
  /** Text is cut here; the schema's length checks then report it (keep it above their limits). */
  maxFieldBytes: number;
  /** Reading past an oversize part has a cost too: beyond this the whole post is refused (413). */
  maxPartBytes: number;
  maxParts: number;
}

export const DEFAULT_UPLOAD_LIMITS: Omit<UploadLimits, "maxFileBytes"> = {
  maxFieldBytes: 64 * 1024,
  maxPartBytes: 25 * 1024 * 1024,
  maxParts: 40,
};

const refuse = (status: 400 | 413, message: string) => Response.json({ error: message }, { status });

/** The part's bytes up to `keep`; the rest is read and dropped so the parts after it still arrive. */
async function readPart(data: AsyncIterable<Uint8Array>, keep: number, limit: number) {
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of data) {
    size += chunk.byteLength;
    if (size > limit) throw refuse(413, "The form is too large.");
    if (size <= keep) chunks.push(chunk);
    else if (size - chunk.byteLength < keep) chunks.push(chunk.subarray(0, keep - (size - chunk.byteLength)));
  }
  return { bytes: Buffer.concat(chunks), size };
}

/**
 * A Remix upload handler for forms with a file. Files are typed by their bytes (the browser's
 * type and the file name are ignored): a file that is no whole JPEG, PNG or WebP image nor a whole
 * PDF gets the type application/octet-stream and the schema refuses it. An oversize file is not thrown as an
 * error (the visitor would lose the form): its field name is recorded in `oversize` instead.
 */
export function createUploadHandler(limits: UploadLimits) {
  const oversize = new Set<string>();
  let parts = 0;
  const handler: UploadHandler = async ({ name, filename, data }) => {
    if (++parts > limits.maxParts) throw refuse(413, "The form has too many parts.");
    if (filename === undefined) {
      const { bytes } = await readPart(data, limits.maxFieldBytes, limits.maxPartBytes);
      return bytes.toString("utf8");
    }
    // Refused at its first byte, not read to the part cap and then dropped.
    if (limits.maxFileBytes === 0) throw refuse(400, "This form takes no files.");
    const { bytes, size } = await readPart(data, limits.maxFileBytes, limits.maxPartBytes);
    if (size > limits.maxFileBytes) {
      oversize.add(name);
      return undefined;
    }
    // An empty file input still sends a part: no name, no bytes.
    if (!filename && size === 0) return undefined;
    // A whole PDF is typed as one too: each form's schema says which types it takes (a career photo never a PDF).
    const type = (await sniffPhoto(bytes)) ?? ((await isWholePdf(bytes)) ? "application/pdf" : "application/octet-stream");
    return new File([bytes], filename || "upload", { type });
  };
  return { handler, oversize };
}

/**
 * Reads a multipart post with a size cap per file. Returns the form data and, for each oversize
 * file, the error to show on its field (one for all, or each field's own). A body that is not readable multipart answers 400.
 */
export async function readMultipartForm(request: Request, limits: UploadLimits, oversizeError: string | ((name: string) => string)) {
  const { handler, oversize } = createUploadHandler(limits);
  const errorOf = typeof oversizeError === "string" ? () => oversizeError : oversizeError;
  try {
    const formData = await unstable_parseMultipartFormData(request, handler);
    return { formData, fieldErrors: Object.fromEntries([...oversize].map((name) => [name, [errorOf(name)]])) };
  } catch (error) {
    if (error instanceof Response) throw error;
    throw refuse(400, "The form could not be read.");
  }
}
