import { titleMeta } from "~/lib/admin/title-meta";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AdminError } from "~/components/admin/admin-error";
import { AdminTable } from "~/components/admin/admin-table";
import { FigureCell } from "~/components/admin/figure-cell";
import { NotificationLinks } from "~/components/admin/notification-links";
import { DEFAULT_PUSH_SOURCE } from "~/lib/platform/api/push-contract";
import { adminTitle, requirePage, staffCall } from "./notifications-sources.server";

export const handle = { i18n: ["admin"] };
export const meta = titleMeta;

/** The notification sources (admin, bulletin, new discovery) and how many browsers chose each. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const staff = requirePage(request, context, "notifications-sources");
  const { result } = await staffCall(context, () => context.staffApi.as(staff.token).get("pushSources"));
  return { sources: result.data, title: await adminTitle(request, "notifications.sourcesTitle") };
}

export default function NotificationSources() {
  const { sources } = useLoaderData<typeof loader>();
  const { t } = useTranslation("admin");
  return (
    <section className="admin-page">
      <h1>{t("notifications.sourcesTitle")}</h1>
      <NotificationLinks />
      <p>{t("notifications.sourcesIntro")}</p>
      <div className="admin-panel">
        <AdminTable
          caption={t("notifications.sourcesTitle")}
          stack
          columns={[t("notifications.source"), t("notifications.about"), t("notifications.subscribers")]}
        >
          {sources.map((source) => (
            <tr key={source.id} data-source={source.id}>
              <th scope="row">
                {t(`notifications.sourceNames.${source.name}`)}
                {source.id === DEFAULT_PUSH_SOURCE ? ` (${t("notifications.default")})` : null}
              </th>
              <td data-label={t("notifications.about")}>{t(`notifications.sourceAbout.${source.name}`)}</td>
              <FigureCell label={t("notifications.subscribers")} figure="subscribers" value={source.subscribers} />
            </tr>
          ))}
        </AdminTable>
      </div>
    </section>
  );
}

export const ErrorBoundary = AdminError;
