import { LeadRefused } from "~/lib/forms/lead-action.server";
import { cleanPhoto } from "~/lib/platform/images/clean-photo.server";
import { ImageRejected } from "~/lib/platform/images/sharp.server";

/**
 * The job application's photo as the outbox stores it: re-encoded (cleanPhoto), so neither the
 * outbox nor the API ever holds the bytes the visitor sent, their metadata or a decompression bomb.
 * A photo that cannot be made clean brings the form back (LeadRefused) with the reason on the photo
 * field; when the server is too busy to do it now, with the form's "send it again" message.
 */
export async function jobPhoto(file: File) {
  try {
    const photo = await cleanPhoto(Buffer.from(await file.arrayBuffer()));
    return { name: "photo.jpg", type: photo.type, bytes: photo.bytes };
  } catch (error) {
    if (!(error instanceof ImageRejected)) throw error;
    if (error.reason === "busy" || error.reason === "slow") throw new LeadRefused({ formErrors: ["saveFailed"] }, 503);
    const message = error.reason === "pixels" ? "career.errors.photoTooManyPixels" : "career.errors.photoUnreadable";
    throw new LeadRefused({ fieldErrors: { photo: [message] } });
  }
}
