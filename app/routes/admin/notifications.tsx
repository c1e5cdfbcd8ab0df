import { titleMeta } from "~/lib/admin/title-meta";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AdminError } from "~/components/admin/admin-error";
import { AdminTable } from "~/components/admin/admin-table";
import { FigureCell } from "~/components/admin/figure-cell";
import { NotificationLinks } from "~/components/admin/notification-links";
import { staffDateTime } from "~/lib/admin/staff-time";
import { PUSH_SOURCES } from "~/lib/platform/api/push-contract";
import { adminTitle, requirePage, staffCall } from "./notifications.server";

export const handle = { i18n: ["admin"] };
export const meta = titleMeta;

/** The notifications sent, newest first, with how many browsers each reached and how many it did not. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const staff = requirePage(request, context, "notifications");
  const { result } = await staffCall(context, () => context.staffApi.as(staff.token).get("pushNotifications"));
  return { notifications: result.data, title: await adminTitle(request, "menu.notifications") };
}

export default function Notifications() {
  const { notifications } = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation("admin");
  const sourceName = (id: number) => t(`notifications.sourceNames.${PUSH_SOURCES.find((s) => s.id === id)?.name ?? "admin"}`);
  const columns = ["title", "sentAt", "source", "languages", "recipients", "delivered", "failed"] as const;
  return (
    <section className="admin-page">
      <h1>{t("menu.notifications")}</h1>
      <NotificationLinks />
      <p>{t("notifications.intro")}</p>
      <p>
        <Link to="/admin/notifications/send" className="button button-primary">
          {t("notifications.new")}
        </Link>
      </p>
      <div className="admin-panel">
        <h2>{t("notifications.history")}</h2>
        {notifications.length === 0 ? (
          <p>{t("notifications.none")}</p>
        ) : (
          <AdminTable caption={t("notifications.history")} stack columns={columns.map((c) => t(`notifications.columns.${c}`))}>
            {notifications.map((n) => {
              const first = Object.values(n.messages)[0];
              return (
                <tr key={n.id} data-notification={n.id}>
                  <th scope="row" dir="auto">
                    {first?.title}
                  </th>
                  <td data-label={t("notifications.columns.sentAt")}>
                    {staffDateTime(i18n.language, n.createdAt)}
                    {n.author ? (
                      <>
                        <br />
                        <span dir="auto">{n.author}</span>
                      </>
                    ) : null}
                  </td>
                  <td data-label={t("notifications.columns.source")}>{sourceName(n.source)}</td>
                  <td data-label={t("notifications.columns.languages")}>
                    {Object.keys(n.messages)
                      .map((lang) => t(`siteLanguages.${lang}`))
                      .join(", ")}
                  </td>
                  <FigureCell label={t("notifications.columns.recipients")} figure="recipients" value={n.recipients} />
                  <FigureCell label={t("notifications.columns.delivered")} figure="delivered" value={n.delivered} />
                  <FigureCell label={t("notifications.columns.failed")} figure="failed" value={n.failed} />
                </tr>
              );
            })}
          </AdminTable>
        )}
      </div>
    </section>
  );
}

export const ErrorBoundary = AdminError;
