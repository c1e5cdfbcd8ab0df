import type { LoaderFunctionArgs } from "@remix-run/node";
import { ApiError, cleanPhoto, ImageRejected, isWholePdf, leadIdOf, PDF_MIME_TYPE, requirePage, staffCall, staffFailure } from "./lead-photo.server";

/** A built form's field key (ADR 065). */
const FIELD_KEY = /^f\d{1,4}$/;

const plain = (status: number, text: string, headers: Record<string, string> = {}) =>
  new Response(text, { status, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "private, no-store", ...headers } });

/**
 * A job applicant's photo, or a built form's file, for staff who may read leads: a resource route (no page around it), so
 * the detail page's <img> can show it. The API's bytes are never passed on as they are: an API may
 * hold photos stored before the site cleaned them (ADR 006), with a phone's GPS position or more
 * pixels than a browser should decode. Each is re-encoded here, under the same limits as an upload,
 * into a JPEG with no metadata. Nothing keeps a copy (a face is personal data).
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const staff = requirePage(request, context, "lead-photo");
  const id = leadIdOf(params);
  // `?field=f3`: a built form's file by its field (ADR 065), a photo or a PDF; none: the lead's photo.
  const field = new URL(request.url).searchParams.get("field");
  if (field !== null && !FIELD_KEY.test(field)) return plain(404, "Not found.");
  const path = field === null ? `admin/leads/${id}/photo` : `admin/leads/${id}/files/${field}`;
  const photo = await staffCall(context, () => context.staffApi.as(staff.token).bytes(path));
  if (photo.status !== 200) staffFailure(context, new ApiError("status", `API call ${path} answered ${photo.status}`, photo.status));
  if (field !== null && photo.contentType.startsWith(PDF_MIME_TYPE)) {
    // A PDF is passed on as the API keeps it (a whole PDF when it was taken), and only ever as a download
    // (every answer of the site carries X-Content-Type-Options: nosniff).
    if (!(await isWholePdf(photo.body))) return plain(422, "This file cannot be downloaded.");
    return new Response(new Uint8Array(photo.body), {
      headers: {
        "Content-Type": PDF_MIME_TYPE,
        "Content-Length": String(photo.body.length),
        "Content-Disposition": `attachment; filename="lead-${id}-${field}.pdf"`,
        "Cache-Control": "private, no-store",
      },
    });
  }
  let clean;
  try {
    clean = await cleanPhoto(photo.body);
  } catch (error) {
    if (!(error instanceof ImageRejected)) throw error;
    if (error.reason === "busy" || error.reason === "slow") return plain(503, "The photo cannot be shown just now.", { "Retry-After": "5" });
    context.logger.warn({ lead: id, reason: error.reason }, "admin: a lead photo the site will not show");
    return plain(422, "This photo cannot be shown.");
  }
  return new Response(new Uint8Array(clean.bytes), {
    headers: {
      "Content-Type": clean.type,
      "Content-Length": String(clean.bytes.length),
      "Content-Disposition": "inline",
      "Cache-Control": "private, no-store",
    },
  });
}
