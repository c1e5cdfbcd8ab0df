import { titleMeta } from "~/lib/admin/title-meta";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AdminError } from "~/components/admin/admin-error";
import { ContentDelete } from "~/components/admin/content-delete";
import { ContentEditor } from "~/components/admin/content-editor";
import { EditorUnavailable } from "~/components/admin/content-editor-unavailable";
import { ContentNav } from "~/components/admin/content-nav";
import { ContentRead } from "~/components/admin/content-read";
import { LanguageStrip } from "~/components/admin/content-strip";
import { useResetKey } from "~/components/admin/use-reset-key";
import { itemLabel, mergeOptions, optionLabels, timeLabels } from "~/lib/admin/content-labels";
import { contentPath, isFixedKind, kindLanguages } from "~/lib/admin/content-kinds";
import { staffDateTime } from "~/lib/admin/staff-time";
import { LANGUAGE_CODES } from "~/lib/platform/api/contract";
import {
  adminTitle,
  currentImage,
  data,
  editorDefaults,
  editorOptions,
  fileLanguages,
  i18next,
  idParam,
  isUnavailable,
  kindParam,
  languageStates,
  pageOfItem,
  requirePage,
  runContentEdit,
  staffFailure,
  staffLanguage,
} from "./content-edit.server";

export const handle = { i18n: ["admin"] };
export const meta = titleMeta;

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const staff = requirePage(request, context, "content-edit");
  const kind = kindParam(params);
  const id = idParam(params.id);
  const api = context.staffApi.as(staff.token);
  const canWrite = staff.permissions.has("write:content");
  const item = await api.get("contentItem", { params: { kind, id } }).then(
    (answer) => answer.result,
    (error: unknown) => (isUnavailable(error) ? null : staffFailure(context, error)),
  );
  if (!item) {
    // The API does not answer. A form posted meanwhile comes back drawn from what was posted (the action's answer).
    const title = await adminTitle(request, "errors.unavailable.title");
    return data(
      {
        kind,
        id,
        unavailable: true as const,
        canWrite,
        canPublish: staff.permissions.has("publish:content"),
        defaults: editorDefaults(kind, null),
        languages: languageStates(null),
        title,
      },
      { status: 503 },
    );
  }
  const [options, image, lang] = await Promise.all([
    editorOptions(request, context, api, kind, item.shared),
    currentImage(context, api, item),
    i18next.getLocale(request),
  ]);
  const label = itemLabel(kind, item, staffLanguage(request));
  const common = {
    kind,
    id,
    unavailable: false as const,
    label,
    updated: staffDateTime(lang, item.updatedAt),
    updatedAt: item.updatedAt,
    version: item.version,
    languages: languageStates(item),
    canPublish: staff.permissions.has("publish:content"),
    // A data-protection document's text page (ADR 061): its file has a screen of its own.
    hasFiles: kind === "page" && fileLanguages(pageOfItem(item.shared)).length > 0,
    // A viewer reads the item: the title says "Edit" only to those who can.
    title: await adminTitle(request, canWrite ? "content.editTitle" : "content.readTitle", { label: label || `#${id}` }),
  };
  if (!canWrite) {
    // Read-only: the values as text, references by their names; no control a viewer would be refused.
    const labels = { ...optionLabels(options), ...timeLabels(kind, item.shared, lang) };
    const texts = Object.fromEntries(kindLanguages(kind).map((l) => [l, item.texts[l].fields]));
    const published = Object.fromEntries(LANGUAGE_CODES.map((l) => [l, item.texts[l].published]));
    return { ...common, canWrite: false as const, read: { shared: item.shared, texts, published, labels, imageSrc: image.src } };
  }
  return { ...common, canWrite: true as const, editor: { defaults: editorDefaults(kind, item), options, image } };
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  return runContentEdit(request, context, "content-edit", kindParam(params), idParam(params.id));
}

export default function ContentEdit() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("admin");
  // Saved: the form starts again from what the API now holds.
  const resetKey = useResetKey();
  const edited = actionData?.form === "edit" ? actionData : undefined;
  if (data.unavailable) return <EditorUnavailable {...data} edited={edited} />;
  const { kind, id, label } = data;
  return (
    <section className="admin-page">
      <ContentNav />
      <p>
        <Link to={contentPath(kind)}>{t("content.back", { kind: t(`content.kinds.${kind}`) })}</Link>
      </p>
      <h1 dir="auto">{label || t("content.untitled", { id })}</h1>
      <p className="admin-lead-meta">
        {t(`content.kind.${kind}`)} · <time dateTime={data.updatedAt}>{t("content.updated", { date: data.updated })}</time> · {t("leads.timeZone")} ·{" "}
        <Link to={contentPath(kind, id, "/versions")}>{t("content.versions.link")}</Link>
        {data.hasFiles ? (
          <>
            {" · "}
            <Link to={contentPath(kind, id, "/files")}>{t("content.files.link")}</Link>
          </>
        ) : null}
        {kind === "treatment" && data.canWrite ? (
          <>
            {" · "}
            <Link to={`${contentPath("subTreatment", "new")}?parentId=${id}`}>{t("content.newSubTreatment")}</Link>
          </>
        ) : null}
      </p>
      {data.canWrite ? (
        <ContentEditor
          key={resetKey}
          kind={kind}
          id={id}
          defaults={data.editor.defaults}
          languages={data.languages}
          options={mergeOptions(data.editor.options, edited?.options)}
          image={data.editor.image}
          canPublish={data.canPublish}
          lastResult={edited?.result}
          pendingImage={edited?.image}
          version={edited?.version ?? data.version}
          conflict={edited?.conflict}
        />
      ) : (
        <>
          <p className="admin-note">{t("content.readOnly")}</p>
          <LanguageStrip kind={kind} id={id} languages={data.languages} errorCounts={{ en: 0, tr: 0, ru: 0, fr: 0, ar: 0 }} />
          <ContentRead kind={kind} {...data.read} />
        </>
      )}
      {data.canWrite && data.canPublish && !isFixedKind(kind) ? (
        <ContentDelete key={`delete-${resetKey}`} lastResult={actionData?.form === "delete" ? actionData.result : undefined} />
      ) : null}
    </section>
  );
}

export const ErrorBoundary = AdminError;
