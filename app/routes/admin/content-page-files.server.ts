// The content-page-files route's server code, imported through this one module (ADR 019).
export { data } from "@remix-run/node";
export { idParam } from "~/lib/admin/content-params.server";
export { staffLanguage } from "~/lib/admin/language.server";
export { requirePage, staffCall } from "~/lib/admin/guard.server";
export { adminTitle } from "~/lib/admin/title.server";
export { requireUploadPost } from "~/lib/admin/upload-post.server";
export { fileLanguages, pageOfItem, uploadPageFile } from "~/lib/admin/page-files.server";
export { redirectWithToast } from "~/lib/site/toast.server";
export { default as i18next } from "~/lib/render/i18next.server";
