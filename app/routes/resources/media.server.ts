// The media route's server code, imported through this one module (ADR 019).
export { keptSharePicture } from "~/lib/platform/images/share-picture.server";
export { ImageRejected } from "~/lib/platform/images/sharp.server";
