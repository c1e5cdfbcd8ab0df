import { titleMeta } from "~/lib/admin/title-meta";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AdminError } from "~/components/admin/admin-error";
import { AuthenticityTokenInput } from "~/components/form/form-kit";
import { staffDateTime } from "~/lib/admin/staff-time";
import { BulletinIdParamSchema } from "~/lib/platform/api/bulletins-contract";
import { textDirection } from "~/lib/site/route-table";
import { adminTitle, data, i18next, redirectWithToast, requirePage, requirePost, richTextToPlain, staffCall } from "./bulletin-version.server";

export const handle = { i18n: ["admin"] };
export const meta = titleMeta;

const IdSchema = BulletinIdParamSchema;

function idsOf(params: LoaderFunctionArgs["params"]) {
  const id = IdSchema.safeParse(params.id);
  const versionId = IdSchema.safeParse(params.version);
  if (!id.success || !versionId.success) throw data({ reason: "notFound" }, { status: 404 });
  return { id: id.data, versionId: versionId.data };
}

/** One saved text of an issue (ADR 060), as subscribers would read it, and whether the draft can take it back. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const staff = requirePage(request, context, "bulletin-version");
  const { id, versionId } = idsOf(params);
  const api = context.staffApi.as(staff.token);
  const [{ result: version }, { result: bulletin }] = await staffCall(context, () =>
    Promise.all([api.get("bulletinVersion", { params: { id, versionId } }), api.get("bulletin", { params: { id } })]),
  );
  const when = staffDateTime(await i18next.getLocale(request), version.at);
  return {
    id,
    version: { action: version.action, author: version.author, list: version.list, title: version.title, at: version.at, when },
    text: richTextToPlain(version.body),
    canRestore: bulletin.status === "draft",
    title: await adminTitle(request, "bulletins.versions.viewTitle", { date: when }),
  };
}

/** Brings the version back into the draft; the API keeps the draft's present text as a version first. */
export async function action({ request, context, params }: ActionFunctionArgs) {
  const { staff } = await requirePost(request, context, "bulletin-version");
  const { id, versionId } = idsOf(params);
  const back = `/admin/bulletins/${id}`;
  const answer = await staffCall(context, () => context.staffApi.as(staff.token).send("POST", `admin/bulletins/${id}/versions/${versionId}/restore`));
  if (answer.status === 409) return redirectWithToast(context, back, "admin:bulletins.versions.onlyDraft");
  if (answer.status !== 200) throw data({ reason: answer.status === 404 ? "notFound" : "unavailable" }, { status: answer.status === 404 ? 404 : 503 });
  return redirectWithToast(context, back, "admin:bulletins.versions.restored");
}

export default function BulletinVersionPage() {
  const { id, version, text, canRestore } = useLoaderData<typeof loader>();
  const { t } = useTranslation("admin");
  return (
    <section className="admin-page">
      <p>
        <Link to={`/admin/bulletins/${id}`}>{t("bulletins.versions.back")}</Link>
      </p>
      <h1>{t("bulletins.versions.viewTitle", { date: version.when })}</h1>
      <p className="admin-lead-meta">
        {t(`bulletins.versions.actions.${version.action}`)} · {version.author ?? t("bulletins.versions.noAuthor")} · {t(`siteLanguages.${version.list}`)} ·{" "}
        {t("leads.timeZone")}
      </p>
      <div className="admin-pre admin-panel" lang={version.list} dir={textDirection(version.list)} data-testid="bulletin-version">
        <p>
          <strong>
            <bdi>{version.title}</bdi>
          </strong>
        </p>
        <p>{text}</p>
      </div>
      <div className="admin-panel" aria-labelledby="bulletin-restore-title">
        <h2 id="bulletin-restore-title">{t("bulletins.versions.restoreTitle")}</h2>
        {canRestore ? (
          <Form method="post">
            <AuthenticityTokenInput />
            <p>{t("bulletins.versions.restoreText")}</p>
            <button type="submit" className="button button-primary">
              {t("bulletins.versions.restore")}
            </button>
          </Form>
        ) : (
          <p>{t("bulletins.versions.onlyDraft")}</p>
        )}
      </div>
    </section>
  );
}

export const ErrorBoundary = AdminError;
