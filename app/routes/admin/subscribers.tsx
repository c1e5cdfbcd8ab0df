import { titleMeta } from "~/lib/admin/title-meta";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AdminError } from "~/components/admin/admin-error";
import { AdminTable } from "~/components/admin/admin-table";
import { FilterField } from "~/components/admin/filter-parts";
import { staffDateTime } from "~/lib/admin/staff-time";
import { SubscriberEmailSchema } from "~/lib/platform/api/subscriptions-contract";
import { adminTitle, requirePage, staffCall } from "./subscribers.server";

export const handle = { i18n: ["admin"] };
export const meta = titleMeta;

/** Counts per list, one exact address (a search by part of one would list addresses), and the consent records' export. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const staff = requirePage(request, context, "subscribers");
  const typed = (new URL(request.url).searchParams.get("q") ?? "").trim().slice(0, 200);
  const address = typed ? SubscriberEmailSchema.safeParse(typed) : null;
  const q = address?.success ? address.data : undefined;
  const { result } = await staffCall(context, () => context.staffApi.as(staff.token).get("subscriptions", { query: { q } }));
  return { ...result, typed, invalid: address !== null && !address.success, title: await adminTitle(request, "menu.subscribers") };
}

export default function Subscribers() {
  const { lists, found, typed, invalid } = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation("admin");
  const number = new Intl.NumberFormat(i18n.language);
  const columns = ["list", "pending", "confirmed", "disabled", "unsubscribed"] as const;
  return (
    <section className="admin-page">
      <h1>{t("subscriptions.title")}</h1>
      <p>{t("subscriptions.intro")}</p>
      <div className="admin-panel">
        <h2>{t("subscriptions.perList")}</h2>
        <AdminTable caption={t("subscriptions.perList")} stack columns={columns.map((c) => t(`subscriptions.columns.${c}`))}>
          {lists.map((row) => (
            <tr key={row.list} data-list={row.list}>
              <th scope="row">{t(`siteLanguages.${row.list}`)}</th>
              {(["pending", "confirmed", "disabled", "unsubscribed"] as const).map((c) => (
                <td key={c} data-label={t(`subscriptions.columns.${c}`)} data-figure={c}>
                  {number.format(row[c])}
                </td>
              ))}
            </tr>
          ))}
        </AdminTable>
        <p>
          <a href="/admin/subscribers/consents.csv" download>
            {t("subscriptions.export")}
          </a>
        </p>
      </div>
      <Form method="get" className="admin-panel" role="search" aria-labelledby="subscribers-search-title">
        <h2 id="subscribers-search-title">{t("subscriptions.search")}</h2>
        {invalid ? (
          <p role="alert" id="subscribers-q-error">
            {t("subscriptions.invalid")}
          </p>
        ) : null}
        <div className="admin-filters">
          <FilterField id="subscribers-q" label={t("subscriptions.address")}>
            <input id="subscribers-q" name="q" type="email" defaultValue={typed} aria-describedby={invalid ? "subscribers-q-error" : undefined} />
          </FilterField>
          <div className="admin-actions admin-filters-submit">
            <button type="submit" className="button button-primary">
              {t("subscriptions.find")}
            </button>
          </div>
        </div>
      </Form>
      {found ? (
        <div className="admin-panel" data-found={typed}>
          <h2>{t("subscriptions.foundTitle", { address: typed })}</h2>
          {found.length === 0 ? (
            <p>{t("subscriptions.none")}</p>
          ) : (
            <AdminTable
              caption={t("subscriptions.foundTitle", { address: typed })}
              stack
              columns={["list", "status", "consentedAt", "confirmedAt"].map((c) => t(`subscriptions.columns.${c}`))}
            >
              {found.map((row) => (
                <tr key={row.list} data-list={row.list} data-status={row.status} data-disabled={row.disabled ?? undefined}>
                  <th scope="row">{t(`siteLanguages.${row.list}`)}</th>
                  <td data-label={t("subscriptions.columns.status")}>
                    {t(`subscriptions.statuses.${row.status}`)}
                    {row.disabled && row.status === "confirmed" ? ` (${t(`subscriptions.disabledReasons.${row.disabled}`)})` : null}
                  </td>
                  <td data-label={t("subscriptions.columns.consentedAt")}>{staffDateTime(i18n.language, row.consentedAt)}</td>
                  <td data-label={t("subscriptions.columns.confirmedAt")}>{row.confirmedAt ? staffDateTime(i18n.language, row.confirmedAt) : "–"}</td>
                </tr>
              ))}
            </AdminTable>
          )}
        </div>
      ) : null}
    </section>
  );
}

export const ErrorBoundary = AdminError;
