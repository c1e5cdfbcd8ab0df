import { titleMeta } from "~/lib/admin/title-meta";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AdminError } from "~/components/admin/admin-error";
import { AdminTable } from "~/components/admin/admin-table";
import { FilterActions, FilterField } from "~/components/admin/filter-parts";
import { Pager } from "~/components/admin/pager";
import { AuthenticityTokenInput } from "~/components/form/form-kit";
import { PATIENT_INTENTS, PatientDismissFormSchema, PatientMergeFormSchema } from "~/lib/admin/patient-forms";
import { PatientQuerySchema } from "~/lib/platform/api/admin-contract";
import { adminTitle, data, i18next, redirectWithToast, requirePage, requirePost, sendLeadChange, staffCall, staffDateTime } from "./customers.server";

export const handle = { i18n: ["admin"] };
export const meta = titleMeta;

const PAGE_SIZE = 25;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const staff = requirePage(request, context, "customers");
  const params = new URL(request.url).searchParams;
  const query = PatientQuerySchema.catch({ pageIndex: 1, pageSize: PAGE_SIZE }).parse({
    q: params.get("q") ?? undefined,
    pageIndex: params.get("page") ?? undefined,
    pageSize: PAGE_SIZE,
  });
  const api = context.staffApi.as(staff.token);
  const [list, suggestions] = await staffCall(context, () =>
    Promise.all([api.get("patients", { query: { q: query.q, pageIndex: query.pageIndex, pageSize: PAGE_SIZE } }), api.get("patientSuggestions")]),
  );
  const lang = await i18next.getLocale(request);
  const { data: patients, totalCount } = list.result;
  return {
    q: query.q ?? "",
    patients: patients.map((p) => ({ ...p, last: staffDateTime(lang, p.lastAt) })),
    suggestions: suggestions.result.data,
    totalCount,
    pageIndex: query.pageIndex,
    pages: Math.max(1, Math.ceil(totalCount / PAGE_SIZE)),
    title: await adminTitle(request, "menu.customers"),
  };
}

/** A suggestion confirmed (the newer patient's leads become the older one's) or dismissed; then back, with a toast. */
export async function action({ request, context }: ActionFunctionArgs) {
  const intent = new URL(request.url).searchParams.get("intent");
  const { staff, form } = await requirePost(request, context, "customers");
  if (!PATIENT_INTENTS.includes(intent as (typeof PATIENT_INTENTS)[number])) throw data({ reason: "error" }, { status: 400 });
  const fields = Object.fromEntries(form);
  if (intent === "merge") {
    const merge = PatientMergeFormSchema.safeParse(fields);
    if (!merge.success) throw data({ reason: "error" }, { status: 400 });
    const answer = await sendLeadChange(context, staff, "POST", `admin/patients/${merge.data.into}/merge`, { from: merge.data.from });
    if (answer.status !== 200) return redirectWithToast(context, "/admin/customers", "admin:patients.errors.gone");
    return redirectWithToast(context, `/admin/customers/${merge.data.into}`, "admin:patients.merged");
  }
  const dismiss = PatientDismissFormSchema.safeParse(fields);
  if (!dismiss.success) throw data({ reason: "error" }, { status: 400 });
  const answer = await sendLeadChange(context, staff, "POST", "admin/patients/suggestions/dismiss", { patients: [dismiss.data.a, dismiss.data.b] });
  return redirectWithToast(context, "/admin/customers", answer.status === 204 ? "admin:patients.dismissed" : "admin:patients.errors.gone");
}

export default function Customers() {
  const { q, patients, suggestions, totalCount, pageIndex, pages } = useLoaderData<typeof loader>();
  const { t } = useTranslation("admin");
  const columns = ["name", "email", "phone", "leads", "languages", "last"] as const;
  const label = (column: (typeof columns)[number]) => t(`patients.columns.${column}`);
  return (
    <section className="admin-page">
      <h1>{t("menu.customers")}</h1>
      <Form method="get" className="admin-panel" role="search" aria-labelledby="patients-search-title" key={q}>
        <h2 id="patients-search-title">{t("patients.searchTitle")}</h2>
        <div className="admin-filters">
          <FilterField id="patients-q" label={t("leads.search")}>
            <input id="patients-q" name="q" type="search" maxLength={100} defaultValue={q} />
          </FilterField>
        </div>
        <FilterActions apply={t("patients.searchApply")} clear={t("leads.clear")} clearTo="/admin/customers" />
      </Form>
      <section className="admin-panel" aria-labelledby="patients-suggestions-title">
        <h2 id="patients-suggestions-title">{t("patients.suggestions.title")}</h2>
        {suggestions.length === 0 ? (
          <p>{t("patients.suggestions.none")}</p>
        ) : (
          <ul className="admin-suggestions">
            {suggestions.map(({ patients: [newer, older], keys }) => (
              <li key={`${older.id}-${newer.id}`}>
                <p>
                  {t("patients.suggestions.pair", { keys: keys.map((key) => t(`patients.suggestions.keys.${key}`)).join(", ") })}{" "}
                  <Link to={`/admin/customers/${newer.id}`} dir="auto">
                    {newer.name}
                  </Link>{" "}
                  ({t("patients.leadsCount", { count: newer.leadsCount })}) ·{" "}
                  <Link to={`/admin/customers/${older.id}`} dir="auto">
                    {older.name}
                  </Link>{" "}
                  ({t("patients.leadsCount", { count: older.leadsCount })})
                </p>
                <div className="admin-actions">
                  <Form method="post" action="?intent=merge">
                    <AuthenticityTokenInput />
                    <input type="hidden" name="into" value={older.id} />
                    <input type="hidden" name="from" value={newer.id} />
                    <button type="submit" className="button button-primary" aria-label={t("patients.suggestions.mergeNamed", { a: newer.name, b: older.name })}>
                      {t("patients.suggestions.merge")}
                    </button>
                  </Form>
                  <Form method="post" action="?intent=dismiss">
                    <AuthenticityTokenInput />
                    <input type="hidden" name="a" value={older.id} />
                    <input type="hidden" name="b" value={newer.id} />
                    <button
                      type="submit"
                      className="button button-secondary"
                      aria-label={t("patients.suggestions.dismissNamed", { a: newer.name, b: older.name })}
                    >
                      {t("patients.suggestions.dismiss")}
                    </button>
                  </Form>
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>
      <p>
        <strong>{t("patients.count", { count: totalCount })}</strong>
      </p>
      {patients.length === 0 ? (
        <p className="admin-panel">{t("patients.none")}</p>
      ) : (
        <AdminTable caption={t("patients.caption", { page: pageIndex, pages })} columns={columns.map(label)} stack>
          {patients.map((p) => (
            <tr key={p.id}>
              <th scope="row">
                <Link to={`/admin/customers/${p.id}`} dir="auto">
                  {p.name}
                </Link>
              </th>
              <td className="admin-break" data-label={label("email")}>
                {p.email || "—"}
              </td>
              <td className="admin-nowrap" data-label={label("phone")}>
                {p.phone ?? "—"}
              </td>
              <td data-label={label("leads")}>{p.leadsCount}</td>
              <td data-label={label("languages")}>{p.languages.map((l) => t(`siteLanguages.${l}`)).join(", ")}</td>
              <td className="admin-nowrap" data-label={label("last")}>
                <time dateTime={p.lastAt}>{p.last}</time>
              </td>
            </tr>
          ))}
        </AdminTable>
      )}
      <Pager page={pageIndex} pages={pages} href={(page) => `/admin/customers?${new URLSearchParams({ ...(q ? { q } : {}), page: String(page) })}`} />
    </section>
  );
}

export const ErrorBoundary = AdminError;
