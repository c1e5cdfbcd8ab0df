import { type LoaderFunctionArgs } from "@remix-run/node";
import { ApiError, leadIdOf, PHOTO_MIME_TYPES, requirePermission, staffCall, staffFailure } from "./lead-photo.server";

/**
 * A job applicant's photo, for staff who may read leads: a resource route (no page around it), so
 * the detail page's <img> can show it. Only the image types the career form accepts are passed on,
 * sniffing is off (helmet answers every response with X-Content-Type-Options: nosniff), and nothing
 * keeps a copy (a patient's face is personal data).
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const staff = requirePermission(request, context, "read:lead");
  const id = leadIdOf(params);
  const path = `admin/leads/${id}/photo`;
  const photo = await staffCall(() => context.staffApi.as(staff.token).bytes(path));
  if (photo.status !== 200) staffFailure(new ApiError("status", `API call ${path} answered ${photo.status}`, photo.status));
  const type = photo.contentType.split(";")[0].trim().toLowerCase();
  if (!(PHOTO_MIME_TYPES as readonly string[]).includes(type)) {
    context.logger.warn({ lead: id, contentType: type }, "admin: a lead photo of a type the site does not serve");
    return new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "private, no-store" } });
  }
  return new Response(new Uint8Array(photo.body), {
    headers: {
      "Content-Type": type,
      "Content-Length": String(photo.body.length),
      "Content-Disposition": "inline",
      "Cache-Control": "private, no-store",
    },
  });
}
