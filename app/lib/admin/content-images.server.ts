import type { AppLoadContext } from "@remix-run/node";
import { uploadImage } from "~/lib/admin/content-actions.server";
import { staffCall } from "~/lib/admin/guard.server";
import type { Staff } from "~/lib/admin/sessions.server";
import { MAX_IMAGE_PAGE_SIZE } from "~/lib/platform/api/admin-contract";
import type { PickerImage } from "~/lib/platform/api/body-images";
import { thumbnailUrl, type UploadedImage } from "~/lib/platform/api/media-urls";

/** One picker page: as many thumbnails as the API gives at once. */
const PAGE_SIZE = MAX_IMAGE_PAGE_SIZE;

export const pickerImage = (image: UploadedImage): PickerImage => ({ ...image, thumbnail: thumbnailUrl(image) });

/** A page of the uploads (1-based, newest first), and whether another follows. */
export async function imagePage(context: AppLoadContext, staff: Staff, pageIndex: number) {
  const api = context.staffApi.as(staff.token);
  const { result } = await staffCall(context, () => api.get("contentImages", { query: { pageIndex, pageSize: PAGE_SIZE } }));
  return { images: result.data.map(pickerImage), pageIndex, more: pageIndex * PAGE_SIZE < result.totalCount };
}

/** A file sent from the picker, uploaded as an item's image is: the image, or the refusal's message key. */
export async function uploadPickedImage(context: AppLoadContext, staff: Staff, file: FormDataEntryValue | null) {
  if (!(file instanceof File) || file.size === 0) return { error: "imageType" };
  const answer = await staffCall(context, () => uploadImage(context.staffApi.as(staff.token), file));
  return "error" in answer ? { error: answer.error } : { image: pickerImage(answer.image) };
}
