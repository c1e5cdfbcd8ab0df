import { titleMeta } from "~/lib/admin/title-meta";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { AdminError } from "~/components/admin/admin-error";
import { AuthenticityTokenInput } from "~/components/form/form-kit";
import { staffDay } from "~/lib/admin/clinic-day";
import { statusKey } from "~/lib/admin/lead-status";
import { LEAD_STAGES, LEAD_STATUSES, LeadStatusSchema } from "~/lib/platform/api/admin-contract";
import { adminTitle, data, i18next, redirectWithToast, requirePage, requirePost, sendLeadChange, staffCall } from "./leads-board.server";

export const handle = { i18n: ["admin"] };
export const meta = titleMeta;

/** A column shows this many of its newest leads; the inbox, filtered by the stage, has them all. */
const PER_STAGE = 50;
/** What "move to" offers first: the stage after this one (lost's is new, for a lead won back). */
const nextStage = (stage: string) => LEAD_STAGES[LEAD_STAGES.indexOf(stage as never) + 1] ?? "new";
const MoveSchema = z.object({ id: z.coerce.number().int().positive(), status: LeadStatusSchema });

export async function loader({ request, context }: LoaderFunctionArgs) {
  const staff = requirePage(request, context, "leads-board");
  const api = context.staffApi.as(staff.token);
  const lists = await staffCall(context, () =>
    Promise.all(LEAD_STAGES.map((status) => api.get("leads", { query: { status, pageSize: PER_STAGE, pageIndex: 1 } }))),
  );
  const lang = await i18next.getLocale(request);
  return {
    columns: LEAD_STAGES.map((stage, i) => ({
      stage,
      count: lists[i].result.totalCount,
      leads: lists[i].result.data.map((lead) => ({
        id: lead.id,
        name: lead.name,
        kind: lead.kind,
        source: lead.source,
        assignee: lead.assignee?.name ?? null,
        offer: lead.offer
          ? new Intl.NumberFormat(lang, { style: "currency", currency: lead.offer.currency, maximumFractionDigits: 0 }).format(lead.offer.value)
          : null,
        followUp: lead.followUpOn ? staffDay(lang, lead.followUpOn) : null,
      })),
    })),
    canWrite: staff.permissions.has("write:lead"),
    title: await adminTitle(request, "pipeline.board.title"),
  };
}

/** "Move to": the lead goes to the stage and the board comes back; Lost first asks why, on the lead's page. */
export async function action({ request, context }: ActionFunctionArgs) {
  const { staff, form } = await requirePost(request, context, "leads-board");
  const move = MoveSchema.safeParse(Object.fromEntries(form));
  if (!move.success) throw data({ reason: "error" }, { status: 400 });
  const { id, status } = move.data;
  if (status === "lost") return redirectWithToast(context, `/admin/leads/${id}?status=lost#handling`, "admin:leads.lostReasonHint");
  const answer = await sendLeadChange(context, staff, "PATCH", `admin/leads/${id}`, { status });
  if (answer.status === 404) throw data({ reason: "notFound" }, { status: 404 });
  if (answer.status >= 400) throw data({ reason: "error" }, { status: 400 });
  const t = await i18next.getFixedT(request, "admin");
  return redirectWithToast(context, "/admin/leads/board", "admin:pipeline.board.moved", { values: { stage: t(statusKey(status)) } });
}

export default function LeadsBoard() {
  const { columns, canWrite } = useLoaderData<typeof loader>();
  const { t } = useTranslation("admin");
  return (
    <section className="admin-page">
      <p>
        <Link to="/admin/leads">{t("leads.back")}</Link>
      </p>
      <h1>{t("pipeline.board.title")}</h1>
      <p>{t("pipeline.board.intro")}</p>
      <div className="admin-board">
        {columns.map((column) => (
          <section key={column.stage} className="admin-board-column" aria-labelledby={`stage-${column.stage}`}>
            <h2 id={`stage-${column.stage}`}>
              {t(statusKey(column.stage))} <span className="admin-muted">{t("pipeline.board.count", { count: column.count })}</span>
            </h2>
            {column.leads.length === 0 ? <p className="admin-muted">{t("pipeline.board.empty")}</p> : null}
            <ul className="admin-board-cards">
              {column.leads.map((lead) => (
                <li key={lead.id} className="admin-board-card">
                  <Link to={`/admin/leads/${lead.id}`} dir="auto">
                    {lead.name}
                  </Link>
                  <p className="admin-muted">
                    {t(`kinds.${lead.kind}`)}
                    {lead.source && lead.source !== "website" ? ` · ${t(`leads.sources.${lead.source}`, { defaultValue: lead.source })}` : ""}
                  </p>
                  <p className="admin-muted" dir="auto">
                    {lead.assignee ?? t("leads.unassigned")}
                  </p>
                  {lead.offer ? <p>{t("pipeline.board.value", { value: lead.offer })}</p> : null}
                  {lead.followUp ? <p>{t("pipeline.board.followUp", { date: lead.followUp })}</p> : null}
                  {canWrite ? (
                    <Form method="post" action="/admin/leads/board" className="admin-board-move">
                      <AuthenticityTokenInput />
                      <input type="hidden" name="id" value={lead.id} />
                      <label htmlFor={`move-${lead.id}`}>{t("pipeline.board.moveTo")}</label>
                      <select id={`move-${lead.id}`} name="status" defaultValue={nextStage(column.stage)}>
                        {LEAD_STATUSES.filter((s) => s !== column.stage).map((s) => (
                          <option key={s} value={s}>
                            {t(statusKey(s))}
                          </option>
                        ))}
                      </select>
                      <button type="submit" className="button button-secondary">
                        {t("pipeline.board.move")}
                      </button>
                    </Form>
                  ) : null}
                </li>
              ))}
            </ul>
            {column.count > column.leads.length ? (
              <p>
                <Link to={`/admin/leads?status=${column.stage}`}>{t("pipeline.board.more", { shown: column.leads.length, count: column.count })}</Link>
              </p>
            ) : null}
          </section>
        ))}
      </div>
    </section>
  );
}

export const ErrorBoundary = AdminError;
