import { isRouteErrorResponse, Link, useRouteError } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { useReportedError } from "~/components/page-kit";

const REASONS = ["forbidden", "notFound", "unavailable", "csrf", "crossSite", "rateLimited", "payloadTooLarge"] as const;

/** An admin page's error inside the admin shell: no access (403), gone (404), API down (503), a refused post. */
export function AdminError() {
  const error = useRouteError();
  useReportedError(error);
  const { t } = useTranslation("admin");
  const reason = isRouteErrorResponse(error) ? (error.data as { reason?: string } | null)?.reason : undefined;
  const key = REASONS.find((r) => r === reason) ?? (isRouteErrorResponse(error) && error.status === 404 ? "notFound" : "error");
  return (
    <section className="admin-page">
      <title>{t(`errors.${key}.title`)}</title>
      <h1>{t(`errors.${key}.title`)}</h1>
      <p>{t(`errors.${key}.text`)}</p>
      <p>
        <Link to="/admin">{t("errors.back")}</Link>
      </p>
    </section>
  );
}
