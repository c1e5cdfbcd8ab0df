import { titleMeta } from "~/lib/admin/title-meta";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AdminError } from "~/components/admin/admin-error";
import { AdminTable } from "~/components/admin/admin-table";
import { Pager } from "~/components/admin/pager";
import { adminTitle, i18next, mailView, requirePage } from "./mail.server";

export const handle = { i18n: ["admin"] };
export const meta = titleMeta;

const PAGE_SIZE = 50;

export async function loader({ request, context }: LoaderFunctionArgs) {
  requirePage(request, context, "mail");
  const asked = Number(new URL(request.url).searchParams.get("page"));
  const page = Number.isInteger(asked) && asked > 0 && asked <= 10_000 ? asked : 1;
  const { total, rows } = await context.mailbox.mail(PAGE_SIZE, (page - 1) * PAGE_SIZE);
  const lang = await i18next.getLocale(request);
  return {
    mail: rows.map((row) => mailView(row, lang)),
    total,
    page,
    pageCount: Math.max(1, Math.ceil(total / PAGE_SIZE)),
    sends: context.mail.sends,
    keptDays: context.mailbox.retentionDays,
    title: await adminTitle(request, "menu.mail"),
  };
}

export default function Mail() {
  const { mail, page, pageCount, sends, keptDays } = useLoaderData<typeof loader>();
  const { t } = useTranslation("admin");
  return (
    <section className="admin-page">
      <h1>{t("menu.mail")}</h1>
      <p>{t("mail.intro", { count: keptDays })}</p>
      <p className="admin-note">{t(sends ? "mail.sends" : "mail.kept")}</p>
      <div className="admin-panel">
        {mail.length === 0 ? (
          <p>{t("mail.none")}</p>
        ) : (
          <AdminTable
            caption={t("mail.caption")}
            columns={["created", "to", "subject", "purpose", "status", "attempts"].map((c) => t(`mail.columns.${c}`))}
            stack
          >
            {mail.map((m) => (
              <tr key={m.id}>
                <td className="admin-nowrap" data-label={t("mail.columns.created")}>
                  <time dateTime={m.createdAt}>{m.created}</time>
                </td>
                <td data-label={t("mail.columns.to")}>{m.to}</td>
                <th scope="row" data-label={t("mail.columns.subject")} lang={m.lang}>
                  <Link to={`/admin/mail/${encodeURIComponent(m.id)}`}>{m.subject}</Link>
                </th>
                <td data-label={t("mail.columns.purpose")}>{t(`mail.purposes.${m.purpose}`)}</td>
                <td data-label={t("mail.columns.status")} data-testid="mail-status">
                  {t(`mail.statuses.${m.status}`)}
                </td>
                <td data-label={t("mail.columns.attempts")}>{m.attempts}</td>
              </tr>
            ))}
          </AdminTable>
        )}
      </div>
      <Pager page={page} pages={pageCount} href={(n) => `/admin/mail?page=${n}`} />
    </section>
  );
}

export const ErrorBoundary = AdminError;
