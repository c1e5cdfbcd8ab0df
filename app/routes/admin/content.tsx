import { titleMeta } from "~/lib/admin/title-meta";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AdminError } from "~/components/admin/admin-error";
import { contentPath, EDITOR_KINDS } from "~/lib/admin/content-kinds";
import { adminTitle, requirePage, staffCall } from "./content.server";

export const handle = { i18n: ["admin"] };
export const meta = titleMeta;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const staff = requirePage(request, context, "content");
  const api = context.staffApi.as(staff.token);
  // One row of each list is enough for its count.
  const lists = await staffCall(context, () => Promise.all(EDITOR_KINDS.map((kind) => api.get("contentList", { params: { kind }, query: { pageSize: 1 } }))));
  return {
    kinds: EDITOR_KINDS.map((kind, i) => ({ kind, count: lists[i].result.totalCount })),
    title: await adminTitle(request, "menu.content"),
  };
}

export default function Content() {
  const { kinds } = useLoaderData<typeof loader>();
  const { t } = useTranslation("admin");
  return (
    <section className="admin-page">
      <h1>{t("menu.content")}</h1>
      <p>{t("content.intro")}</p>
      <ul className="content-kinds">
        {kinds.map(({ kind, count }) => (
          <li key={kind}>
            <Link to={contentPath(kind)}>{t(`content.kinds.${kind}`)}</Link>
            <p>{t("content.count", { count })}</p>
            <p>{t(`content.kindHints.${kind}`)}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}

export const ErrorBoundary = AdminError;
