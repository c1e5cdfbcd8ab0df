// The content-images route's server code, imported through this one module (ADR 019).
export { imagePage, uploadPickedImage } from "~/lib/admin/content-images.server";
export { requirePage } from "~/lib/admin/guard.server";
export { requireUploadPost } from "~/lib/admin/upload-post.server";
