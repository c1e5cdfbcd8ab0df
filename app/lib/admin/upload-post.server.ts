import { data, type AppLoadContext } from "@remix-run/node";
import { MAX_IMAGE_UPLOAD_BYTES } from "~/lib/platform/api/admin-contract";
import { refusedPost, requirePagePost } from "~/lib/admin/guard.server";
import type { AdminPageName } from "~/lib/admin/pages";
import { readMultipartForm, type UploadLimits } from "~/lib/forms/upload.server";
import { refusalStatus } from "~/lib/platform/http/refusal.server";

/** The largest image an editor may upload: what the API takes (the body limit for these pages is above it). */
export const MAX_CONTENT_IMAGE_BYTES = MAX_IMAGE_UPLOAD_BYTES;

/**
 * An item's form has a field per language for each text (a doctor: 13 × 5) and an article's body
 * can be long: more parts and longer text than a visitor's form, still bounded.
 */
const CONTENT_FORM_LIMITS: UploadLimits = {
  maxFileBytes: MAX_CONTENT_IMAGE_BYTES,
  maxFieldBytes: 256 * 1024,
  maxPartBytes: 25 * 1024 * 1024,
  maxParts: 200,
};

/**
 * A back-office post that may carry a file: `requirePost`'s checks (permission, express's refusal,
 * Origin, CSRF token), on a form read with the upload caps. Another site's post is refused before
 * its body is read (up to 25 MB here); the token is checked on the parsed form, since a multipart
 * body can be read only once. An oversize file comes back as a field error under its name, so the
 * editor keeps everything typed.
 */
export async function requireUploadPost(
  request: Request,
  context: AppLoadContext,
  page: AdminPageName,
  oversizeError: string,
  limits: UploadLimits = CONTENT_FORM_LIMITS,
) {
  const staff = requirePagePost(request, context, page);
  if (context.refusal) throw data({ reason: context.refusal }, { status: refusalStatus(context.refusal) });
  if (context.crossSite) throw data({ reason: "crossSite" }, { status: 403 });
  const isMultipart = (request.headers.get("content-type") ?? "").toLowerCase().startsWith("multipart/");
  const { formData: form, fieldErrors } = isMultipart
    ? await readMultipartForm(request, limits, oversizeError)
    : { formData: await request.formData(), fieldErrors: {} as Record<string, string[]> };
  const refused = await refusedPost(form, request, context);
  if (refused) throw data({ reason: refused }, { status: 403 });
  return { staff, form, fieldErrors };
}

/**
 * A back-office post of text only (a browser's FormData is multipart even without a file): the
 * same checks, each field up to `maxFieldBytes`, and a file part refuses the post at once (400).
 */
export const requireTextPost = (request: Request, context: AppLoadContext, page: AdminPageName, maxFieldBytes: number) =>
  requireUploadPost(request, context, page, "", { maxFileBytes: 0, maxFieldBytes, maxPartBytes: maxFieldBytes, maxParts: 8 });
