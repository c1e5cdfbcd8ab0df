import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { data, type AppLoadContext } from "@remix-run/node";
import { z } from "zod";
import { unexpectedAnswer } from "~/lib/admin/answers.server";
import { contentPath, offersNotice } from "~/lib/admin/content-kinds";
import { askNotices } from "~/lib/admin/content-notice.server";
import { fillEmptyUris } from "~/lib/admin/content-slugs";
import { isStale, newestVersion } from "~/lib/admin/content-conflict.server";
import type { Conflict, CurrentImage, Option } from "~/lib/admin/content-editor-data";
import { editorOptions, imageThumbnail } from "~/lib/admin/content-editor.server";
import {
  apiFieldErrors,
  contentFormSchema,
  fromFormValue,
  IMAGE_FIELD,
  needsPublish,
  STEP_LANGUAGES,
  versionOf,
  type ContentFormValue,
} from "~/lib/admin/content-form";
import { staffCall, staffFailure } from "~/lib/admin/guard.server";
import { unexpected, unsavedReason, type Unsaved } from "~/lib/admin/content-unsaved.server";
import type { Staff } from "~/lib/admin/sessions.server";
import { requireUploadPost } from "~/lib/admin/upload-post.server";
import { contentWriteResponses, ImageUploadSchema } from "~/lib/platform/api/admin-contract";
import { CONTENT_REGISTRY, type ContentKind, type Lang } from "~/lib/platform/api/content-contract";
import { ApiError } from "~/lib/platform/api/errors";
import { thumbnailUrl, type UploadedImage } from "~/lib/platform/api/media-urls";
import type { Answer } from "~/lib/platform/api/staff-client.server";
import { contentChanged } from "~/lib/site/content-freshness.server";
import i18next from "~/lib/render/i18next.server";
import { redirectWithToast } from "~/lib/site/toast.server";
import { staffLanguage } from "~/lib/admin/language.server";

const ERRORS = "admin:content.errors";
/** The API's refusals of an image: too large, not an image it takes, too many pixels. */
const IMAGE_REFUSALS: Record<number, string> = { 413: "imageTooLarge", 415: "imageType", 422: "imageRejected", 400: "imageType" };
/** The answers to show on the form rather than as an error page. */
const FORM_ANSWERS = new Set([400, 409, 422]);

type Api = ReturnType<AppLoadContext["staffApi"]["as"]>;
/** The page has two forms (the item, and Delete): each shows only its own answer. */
const edit = (result: SubmissionResult<string[]>) => ({ form: "edit" as const, result });

/** The chosen file sent to the API first; its id then goes with the save. A refusal is the image field's error. */
export async function uploadImage(api: Api, file: File): Promise<{ id: string; src: string; image: UploadedImage } | { error: string }> {
  // The upload handler typed it by its bytes: anything but a whole JPEG, PNG or WebP is octet-stream.
  if (!["image/jpeg", "image/png", "image/webp"].includes(file.type)) return { error: "imageType" };
  const bytes = new Uint8Array(await file.arrayBuffer());
  const answer = await api.uploadImage(bytes);
  if (answer.status === 200 || answer.status === 201) {
    const parsed = ImageUploadSchema.safeParse(answer.data);
    if (parsed.success) return { id: parsed.data.result.id, src: thumbnailUrl(parsed.data.result), image: parsed.data.result };
  }
  const refusal = IMAGE_REFUSALS[answer.status];
  if (refusal) return { error: refusal };
  return unexpected("admin/content/images", answer);
}

/** The languages a step changed, named in the staff member's language as a list ("Arabic and French"). */
async function languageList(request: Request, languages: Lang[]) {
  const t = await i18next.getFixedT(request, "admin");
  const lang = staffLanguage(request);
  return new Intl.ListFormat(lang, { type: "conjunction" }).format(languages.map((code) => t(`siteLanguages.${code}`)));
}

/** The shared fields as posted, as values (a reference's id), whether or not the form was valid. */
const postedShared = (kind: ContentKind, form: FormData) =>
  Object.fromEntries(
    Object.entries(CONTENT_REGISTRY[kind].shared).map(([name, spec]) => [
      name,
      fromFormValue(spec, spec.input === "references" ? form.getAll(`shared.${name}`) : form.get(`shared.${name}`)),
    ]),
  );

/** The changed public pages of a publish, unpublish, delete or restore, dropped from this instance's caches. */
export function afterWrite(context: AppLoadContext, path: string, answer: Answer) {
  const parsed = contentWriteResponses.write.safeParse(answer.data);
  if (!parsed.success) return unexpectedAnswer(context, path, { ...answer, status: 502 });
  contentChanged(context, parsed.data.result.change);
  return parsed.data.result;
}

/**
 * The editor's post, for a new item (`id` null) or an existing one: the image first, then the
 * save, then, for Publish or Unpublish, that step. Every refusal comes back to the form at its
 * field, with everything typed kept (the uploaded image too, as its id), and so does an API that
 * does not answer or refuses the item whole (content-unsaved.server.ts); success redirects.
 */
export async function runContentEdit(request: Request, context: AppLoadContext, page: "content-new" | "content-edit", kind: ContentKind, id: number | null) {
  const { staff, form, fieldErrors: oversize } = await requireUploadPost(request, context, page, `${ERRORS}.imageTooLarge`);
  if (form.get("intent") === "delete" && id !== null) return deleteItem(context, staff, form, kind, id);
  const api = context.staffApi.as(staff.token);
  const extra: Record<string, string[]> = {};
  let unsaved: Unsaved | null = null;
  // The image the form now holds, when it was uploaded with this post: its thumbnail from the upload's answer.
  let uploaded: CurrentImage | null = null;
  if (oversize[IMAGE_FIELD]) extra["shared.imageId"] = [`${ERRORS}.imageTooLarge`];
  const file = form.get(IMAGE_FIELD);
  form.delete(IMAGE_FIELD);
  if (file instanceof File && file.size > 0) {
    try {
      const upload = await uploadImage(api, file);
      if ("error" in upload) extra["shared.imageId"] = [`${ERRORS}.${upload.error}`];
      else {
        form.set("shared.imageId", upload.id);
        uploaded = { imageId: upload.id, src: upload.src };
      }
    } catch (error) {
      unsaved = unsavedReason(error, false) ?? staffFailure(context, error);
      // A file cannot be put back into its input: the field asks for it again.
      extra["shared.imageId"] = [`${ERRORS}.image`];
    }
  }
  fillEmptyUris(kind, form);
  const submission = parseWithZod(form, { schema: contentFormSchema(kind), disableAutoCoercion: true });
  // The version the form goes on from: the one it was opened at, until a save or a conflict moves it.
  let version = versionOf(form.get("version"));
  let conflict: Conflict | null = null;
  const postedImage = form.get("shared.imageId");
  /**
   * The form sent back, with the thumbnail of the image it holds (uploaded in this post or an earlier
   * one that was sent back too; the item's own is the loader's). `offline`: the API is not answering, so not asked.
   */
  const reply = async (
    status: number,
    errors: { fieldErrors?: Record<string, string[]>; formErrors?: string[] } = {},
    more: { options?: Record<string, Option[]> } = {},
    offline = false,
  ) => {
    const imageId = typeof postedImage === "string" && postedImage ? postedImage : null;
    const image = uploaded ?? (imageId && !offline ? await imageThumbnail(context, api, imageId) : null);
    return data({ ...edit(submission.reply({ ...errors, fieldErrors: { ...extra, ...errors.fieldErrors } })), version, conflict, image, ...more }, { status });
  };
  /** Another save came first: nothing of this one is written; the form now names the newest version, so saving again replaces it knowingly. */
  const superseded = async (key: "stale" | "stepStale") => {
    conflict = id === null ? null : await newestVersion(request, api, kind, id);
    if (conflict) version = conflict.id;
    return reply(409, { formErrors: [`${ERRORS}.${key}`] });
  };
  /**
   * The API's failure, said above the form with everything posted kept. Without JavaScript the
   * page is drawn anew while the API is still down: the reference selects then hold what was posted.
   */
  const unanswered = async (reason: Unsaved, formErrors: string[]) =>
    reply(reason.status, { formErrors }, { options: await editorOptions(request, context, null, kind, postedShared(kind, form)) }, true);
  if (unsaved) return unanswered(unsaved, [`${ERRORS}.${unsaved.key}`]);
  if (submission.status !== "success" || Object.keys(extra).length > 0) return reply(400);
  const value = submission.value as ContentFormValue;
  if (needsPublish(value.intent) && !staff.permissions.has("publish:content")) throw data({ reason: "forbidden" }, { status: 403 });

  // The item's editor once the save went through: what the step's failure comes back to for a new item.
  let saved: string | null = null;
  try {
    const payload = { shared: value.shared, texts: value.texts, version: id === null ? undefined : value.version };
    const savePath = id === null ? `admin/content/${kind}` : `admin/content/${kind}/${id}`;
    const answer = await api.send(id === null ? "POST" : "PUT", savePath, payload);
    if (isStale(answer)) return superseded("stale");
    if (FORM_ANSWERS.has(answer.status)) return reply(answer.status, apiFieldErrors(kind, answer.data));
    if (answer.status !== 200 && answer.status !== 201) unexpected(savePath, answer);
    const item = contentWriteResponses.item.safeParse(answer.data);
    if (!item.success) throw new ApiError("contract", `API call ${savePath} broke the contract`);
    const itemId = item.data.result.id;
    const editor = (saved = contentPath(kind, itemId));
    version = item.data.result.version;
    if (value.intent === "save") return redirectWithToast(context, editor, "admin:content.toast.saved");

    const stepPath = `admin/content/${kind}/${itemId}/${value.intent}`;
    const languages = value[STEP_LANGUAGES[value.intent]];
    // A new item's step names no version: nobody else can have saved it yet.
    const step = await api.send("POST", stepPath, { languages, version: id === null ? undefined : version });
    if (isStale(step)) return superseded("stepStale");
    if (step.status === 422 && id === null) {
      // Created, but not publishable yet: the editor's address is the item's now (a second post here would make another).
      return redirectWithToast(context, editor, "admin:content.toast.savedNotPublished");
    }
    if (FORM_ANSWERS.has(step.status)) {
      const errors = apiFieldErrors(kind, step.data, STEP_LANGUAGES[value.intent]);
      return reply(step.status, { ...errors, formErrors: [`${ERRORS}.savedNotPublished`, ...errors.formErrors] });
    }
    if (step.status !== 200) unexpected(stepPath, step);
    const written = afterWrite(context, stepPath, step);
    let toast = value.intent === "publish" ? "admin:content.toast.published" : "admin:content.toast.unpublished";
    // "Notify subscribers": a pending notice per language published, for a notification admin to approve (ADR 059).
    if (value.intent === "publish" && value.notify && offersNotice(kind) && written.item) {
      const asked = await askNotices(api, kind, written.item, languages);
      toast = asked ? "admin:content.toast.publishedNotice" : "admin:content.toast.publishedNoNotice";
    }
    return redirectWithToast(context, editor, toast, { values: { languages: await languageList(request, languages) } });
  } catch (error) {
    const reason = unsavedReason(error, saved !== null);
    if (!reason) return staffFailure(context, error);
    // A new item was made, only its step failed: its own editor now (this form would make another).
    if (saved && id === null) return redirectWithToast(context, saved, "admin:content.toast.savedStepFailed");
    const said = saved && reason.key === "rejected" ? [`${ERRORS}.savedNotPublished`, `${ERRORS}.rejected`] : [`${ERRORS}.${reason.key}`];
    return unanswered(reason, said);
  }
}

const DeleteSchema = z.object({ confirm: z.literal("on", { errorMap: () => ({ message: `${ERRORS}.confirmDelete` }) }) });

/** Delete, after the box was ticked (the confirmation without JavaScript): the item, its texts and its public pages. */
async function deleteItem(context: AppLoadContext, staff: Staff, form: FormData, kind: ContentKind, id: number) {
  if (!staff.permissions.has("publish:content")) throw data({ reason: "forbidden" }, { status: 403 });
  const submission = parseWithZod(form, { schema: DeleteSchema });
  if (submission.status !== "success") return data({ form: "delete" as const, result: submission.reply() }, { status: 400 });
  const path = `admin/content/${kind}/${id}`;
  const answer = await staffCall(context, () => context.staffApi.as(staff.token).send("DELETE", path));
  // Another item points at this one (a sub-treatment at its treatment, a post at its category).
  if (answer.status === 409) return data({ form: "delete" as const, result: submission.reply({ formErrors: [`${ERRORS}.inUse`] }) }, { status: 409 });
  if (answer.status !== 200) return unexpectedAnswer(context, path, answer);
  afterWrite(context, path, answer);
  return redirectWithToast(context, contentPath(kind), "admin:content.toast.deleted");
}
