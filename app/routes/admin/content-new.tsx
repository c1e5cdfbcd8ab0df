import { titleMeta } from "~/lib/admin/title-meta";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AdminError } from "~/components/admin/admin-error";
import { ContentEditor } from "~/components/admin/content-editor";
import { ContentNav } from "~/components/admin/content-nav";
import { contentPath } from "~/lib/admin/content-kinds";
import { mergeOptions } from "~/lib/admin/content-labels";
import { CONTENT_REGISTRY, emptyShared } from "~/lib/platform/api/content-contract";
import { adminTitle, editorDefaults, editorOptions, languageStates, newKindParam, requirePage, runContentEdit } from "./content-new.server";

export const handle = { i18n: ["admin"] };
export const meta = titleMeta;

/** `?parentId=3` from a treatment's page: the new sub-treatment starts under it. */
function preset(request: Request, kind: keyof typeof CONTENT_REGISTRY) {
  const parentId = new URL(request.url).searchParams.get("parentId");
  return "parentId" in CONTENT_REGISTRY[kind].shared && /^[1-9]\d{0,9}$/.test(parentId ?? "") ? { parentId: Number(parentId) } : {};
}

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const staff = requirePage(request, context, "content-new");
  const kind = newKindParam(params);
  const shared = { ...emptyShared(kind), ...preset(request, kind) };
  return {
    kind,
    defaults: editorDefaults(kind, null, preset(request, kind)),
    languages: languageStates(null),
    options: await editorOptions(request, context, context.staffApi.as(staff.token), kind, shared),
    canPublish: staff.permissions.has("publish:content"),
    title: await adminTitle(request, `content.new.${kind}`),
  };
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  return runContentEdit(request, context, "content-new", newKindParam(params), null);
}

export default function ContentNew() {
  const { kind, defaults, languages, options, canPublish } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("admin");
  const edited = actionData?.form === "edit" ? actionData : undefined;
  return (
    <section className="admin-page">
      <ContentNav />
      <p>
        <Link to={contentPath(kind)}>{t("content.back", { kind: t(`content.kinds.${kind}`) })}</Link>
      </p>
      <h1>{t(`content.new.${kind}`)}</h1>
      <p>{t("content.newIntro")}</p>
      <ContentEditor
        kind={kind}
        id={null}
        defaults={defaults}
        languages={languages}
        options={mergeOptions(options, edited?.options)}
        image={{ imageId: null, src: null }}
        pendingImage={edited?.image}
        canPublish={canPublish}
        lastResult={edited?.result}
      />
    </section>
  );
}

export const ErrorBoundary = AdminError;
