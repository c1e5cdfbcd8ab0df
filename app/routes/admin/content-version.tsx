import { titleMeta } from "~/lib/admin/title-meta";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { AdminError } from "~/components/admin/admin-error";
import { ContentNav } from "~/components/admin/content-nav";
import { ContentRead } from "~/components/admin/content-read";
import { contentPath } from "~/lib/admin/content-kinds";
import { optionLabels, timeLabels } from "~/lib/admin/content-labels";
import { staffDateTime } from "~/lib/admin/staff-time";
import {
  adminTitle,
  afterWrite,
  data,
  editorOptions,
  i18next,
  idParam,
  imageThumbnail,
  kindParam,
  redirectWithToast,
  requirePage,
  requirePost,
  staffCall,
  unexpectedAnswer,
} from "./content-version.server";
import { parseWithZod } from "@conform-to/zod";
import { AuthenticityTokenInput, Field, FormAlert, getFormProps, getInputProps, useForm } from "~/components/form/form-kit";

export const handle = { i18n: ["admin"] };
export const meta = titleMeta;

// Restoring replaces the working copy in every language: the box must be ticked, here and in the action.
const RestoreSchema = z.object({ confirm: z.literal("on", { errorMap: () => ({ message: "admin:content.errors.confirmRestore" }) }) });

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const staff = requirePage(request, context, "content-version");
  const kind = kindParam(params);
  const id = idParam(params.id);
  const versionId = idParam(params.versionId);
  const { result: version } = await staffCall(context, () => context.staffApi.as(staff.token).get("contentVersion", { params: { kind, id, versionId } }));
  const api = context.staffApi.as(staff.token);
  const imageId = typeof version.snapshot.shared.imageId === "string" ? version.snapshot.shared.imageId : null;
  const [options, image, lang] = await Promise.all([
    editorOptions(request, context, api, kind, version.snapshot.shared),
    imageThumbnail(context, api, imageId),
    i18next.getLocale(request),
  ]);
  const when = staffDateTime(lang, version.at);
  return {
    kind,
    id,
    version: { id: version.id, action: version.action, author: version.author?.name ?? version.author?.email ?? null, at: version.at, when },
    snapshot: version.snapshot,
    labels: { ...optionLabels(options), ...timeLabels(kind, version.snapshot.shared, lang) },
    imageSrc: image.src,
    canRestore: staff.permissions.has("write:content"),
    title: await adminTitle(request, "content.versions.viewTitle", { date: when }),
  };
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const { staff, form } = await requirePost(request, context, "content-version");
  const kind = kindParam(params);
  const id = idParam(params.id);
  const versionId = idParam(params.versionId);
  const submission = parseWithZod(form, { schema: RestoreSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const path = `admin/content/${kind}/${id}/versions/${versionId}/restore`;
  const answer = await staffCall(context, () => context.staffApi.as(staff.token).send("POST", path));
  // The version's uri is another item's now: restoring it would take that item's address.
  if (answer.status === 409) return data(submission.reply({ formErrors: ["admin:content.errors.restoreUriTaken"] }), { status: 409 });
  if (answer.status !== 200) return unexpectedAnswer(context, path, answer);
  afterWrite(context, path, answer);
  return redirectWithToast(context, contentPath(kind, id), "admin:content.toast.restored");
}

export default function ContentVersion() {
  const { kind, id, version, snapshot, labels, imageSrc, canRestore } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const { t } = useTranslation("admin");
  const navigation = useNavigation();
  const [form, fields] = useForm({ id: "content-restore", lastResult });
  return (
    <section className="admin-page">
      <ContentNav />
      <p>
        <Link to={contentPath(kind, id, "/versions")}>{t("content.versions.back")}</Link>
        {version.action === "seed" ? null : (
          <>
            {" · "}
            <Link to={contentPath(kind, id, `/versions/${version.id}/changes`)}>{t("content.compare.link")}</Link>
          </>
        )}
      </p>
      <h1>{t("content.versions.viewTitle", { date: version.when })}</h1>
      <p className="admin-lead-meta">
        {t(`content.versions.actions.${version.action}`)} · {version.author ?? t("content.versions.noAuthor")} · {t("leads.timeZone")}
      </p>
      {canRestore ? (
        <div className="admin-panel">
          <h2>{t("content.versions.restoreTitle")}</h2>
          <Form method="post" {...getFormProps(form)} noValidate>
            <AuthenticityTokenInput />
            <FormAlert errors={form.errors} />
            <p>{t("content.versions.restoreText")}</p>
            <Field meta={fields.confirm} label={t("content.versions.confirm")} checkbox>
              {() => <input {...getInputProps(fields.confirm, { type: "checkbox" })} />}
            </Field>
            <button type="submit" className="button button-primary" disabled={navigation.state === "submitting"}>
              {t("content.versions.restore")}
            </button>
          </Form>
        </div>
      ) : null}
      <ContentRead kind={kind} shared={snapshot.shared} texts={snapshot.texts} published={snapshot.published} labels={labels} imageSrc={imageSrc} />
    </section>
  );
}

export const ErrorBoundary = AdminError;
