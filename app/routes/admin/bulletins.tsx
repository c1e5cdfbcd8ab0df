import { titleMeta } from "~/lib/admin/title-meta";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AdminError } from "~/components/admin/admin-error";
import { AdminTable } from "~/components/admin/admin-table";
import { BulletinFields } from "~/components/admin/bulletin-fields";
import { FigureCell } from "~/components/admin/figure-cell";
import { AuthenticityTokenInput } from "~/components/form/form-kit";
import { staffDateTime } from "~/lib/admin/staff-time";
import { bulletinState } from "~/lib/bulletins/state";
import { BulletinItemSchema, BULLETIN_TITLE_MAX } from "~/lib/platform/api/bulletins-contract";
import { ListSchema } from "~/lib/platform/api/subscriptions-contract";
import { adminTitle, data, redirect, requirePage, requirePost, staffCall } from "./bulletins.server";

export const handle = { i18n: ["admin"] };
export const meta = titleMeta;

/** Every issue with its status and, once sent, how many mails went out and how many failed. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const staff = requirePage(request, context, "bulletins");
  const { result } = await staffCall(context, () => context.staffApi.as(staff.token).get("bulletins"));
  const rows = await Promise.all(
    result.data.map(async (bulletin) => {
      const counts = bulletin.status === "sending" ? await context.bulletins.counts(bulletin.id) : { pending: 0, sent: 0, failed: 0 };
      return { ...bulletin, counts, state: bulletinState(bulletin.status, counts.pending) };
    }),
  );
  return { rows, title: await adminTitle(request, "menu.bulletins") };
}

/** A new draft: its list and title; the body is written on its own page. */
export async function action({ request, context }: ActionFunctionArgs) {
  const { staff, form } = await requirePost(request, context, "bulletins");
  const list = ListSchema.safeParse(form.get("list"));
  const title = String(form.get("title") ?? "").trim();
  if (!list.success || !title || title.length > BULLETIN_TITLE_MAX) return data({ invalid: true, title: title.slice(0, BULLETIN_TITLE_MAX) }, { status: 400 });
  const answer = await staffCall(context, () => context.staffApi.as(staff.token).send("POST", "admin/bulletins", { list: list.data, title, body: "" }));
  const created = BulletinItemSchema.safeParse(answer.data);
  if (answer.status !== 201 || !created.success) throw data({ reason: "unavailable" }, { status: 503 });
  return redirect(`/admin/bulletins/${created.data.result.id}`);
}

export default function Bulletins() {
  const { rows } = useLoaderData<typeof loader>();
  const refused = useActionData<typeof action>();
  const { t, i18n } = useTranslation("admin");
  const columns = ["title", "list", "status", "sendAt", "recipients", "sent", "failed"] as const;
  return (
    <section className="admin-page">
      <h1>{t("bulletins.title")}</h1>
      <p>{t("bulletins.intro")}</p>
      <Form method="post" className="admin-panel" aria-labelledby="bulletin-new-title">
        <AuthenticityTokenInput />
        <h2 id="bulletin-new-title">{t("bulletins.new")}</h2>
        {refused?.invalid ? (
          <p role="alert" id="bulletin-new-error">
            {t("bulletins.newInvalid")}
          </p>
        ) : null}
        <BulletinFields
          list={{ id: "bulletin-list", name: "list", defaultValue: "en" }}
          title={{
            id: "bulletin-title",
            name: "title",
            required: true,
            defaultValue: refused?.title,
            "aria-describedby": refused?.invalid ? "bulletin-new-error" : undefined,
          }}
        />
        <div className="admin-actions">
          <button type="submit" className="button button-primary">
            {t("bulletins.create")}
          </button>
        </div>
      </Form>
      <div className="admin-panel">
        <h2>{t("bulletins.issues")}</h2>
        {rows.length === 0 ? (
          <p>{t("bulletins.none")}</p>
        ) : (
          <AdminTable caption={t("bulletins.issues")} stack columns={columns.map((c) => t(`bulletins.columns.${c}`))}>
            {rows.map((row) => (
              <tr key={row.id} data-bulletin={row.id} data-state={row.state}>
                <th scope="row">
                  <Link to={`/admin/bulletins/${row.id}`}>
                    <bdi>{row.title}</bdi>
                  </Link>
                </th>
                <td data-label={t("bulletins.columns.list")}>{t(`siteLanguages.${row.list}`)}</td>
                <td data-label={t("bulletins.columns.status")}>{t(`bulletins.states.${row.state}`)}</td>
                <td data-label={t("bulletins.columns.sendAt")}>{row.sendAt ? staffDateTime(i18n.language, row.sendAt) : "–"}</td>
                <FigureCell label={t("bulletins.columns.recipients")} figure="recipients" value={row.recipients} />
                <FigureCell label={t("bulletins.columns.sent")} figure="sent" value={row.counts.sent} />
                <FigureCell label={t("bulletins.columns.failed")} figure="failed" value={row.counts.failed} />
              </tr>
            ))}
          </AdminTable>
        )}
      </div>
    </section>
  );
}

export const ErrorBoundary = AdminError;
