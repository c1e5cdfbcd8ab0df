import { NavLink } from "@remix-run/react";
import { useTranslation } from "react-i18next";

/** The notification pages' own links: history, send, the notices to approve, sources. */
export function NotificationLinks() {
  const { t } = useTranslation("admin");
  return (
    <nav aria-label={t("notifications.pages")}>
      <ul className="admin-actions">
        <li>
          <NavLink to="/admin/notifications" end>
            {t("notifications.history")}
          </NavLink>
        </li>
        <li>
          <NavLink to="/admin/notifications/send">{t("notifications.send")}</NavLink>
        </li>
        <li>
          <NavLink to="/admin/notifications/notices">{t("notifications.notices.title")}</NavLink>
        </li>
        <li>
          <NavLink to="/admin/notifications/sources">{t("notifications.sources")}</NavLink>
        </li>
      </ul>
    </nav>
  );
}
