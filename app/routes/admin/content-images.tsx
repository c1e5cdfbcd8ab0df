import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { imagePage, requirePage, requireUploadPost, uploadPickedImage } from "./content-images.server";

const NO_STORE = { "Cache-Control": "private, no-store" };

/** A page of the uploaded images for a body's image picker (`?page=`, from 1), newest first. A resource route: JSON. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const staff = requirePage(request, context, "content-images");
  const page = Number(new URL(request.url).searchParams.get("page") ?? "1");
  if (!Number.isInteger(page) || page < 1 || page > 10_000) return Response.json({ error: "page" }, { status: 400, headers: NO_STORE });
  return Response.json(await imagePage(context, staff, page), { headers: NO_STORE });
}

/**
 * An image uploaded from the picker (the form's `file`, with the CSRF token): the image to insert,
 * or the key of the refusal to show beside the picker (too large, not an image, too many pixels).
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const { staff, form, fieldErrors } = await requireUploadPost(request, context, "content-images", "imageTooLarge");
  const oversize = fieldErrors.file?.[0];
  const answer = oversize ? { error: oversize } : await uploadPickedImage(context, staff, form.get("file"));
  return Response.json(answer, { status: "error" in answer ? 422 : 200, headers: NO_STORE });
}
