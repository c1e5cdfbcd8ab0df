import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { AdminError } from "~/components/admin/admin-error";
import { ageParts } from "~/lib/admin/age";
import { refusalStatus } from "~/lib/admin/delivery";
import { requirePermission, requirePost } from "~/lib/admin/guard.server";
import { adminTitle } from "~/lib/admin/title.server";
import { redirectWithToast } from "~/lib/toast.server";

export const handle = { i18n: ["admin"] };
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title }];

const SHOWN = 100;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const staff = requirePermission(request, context, "read:outbox");
  const { depth, oldestAgeSeconds } = context.outboxAdmin.stats();
  const rejected = context.outboxAdmin.rejectedLeads(SHOWN);
  return { depth, oldest: depth > 0 ? ageParts(oldestAgeSeconds) : null, rejected, canSend: staff.permissions.has("write:outbox"), title: await adminTitle(request, "menu.delivery") };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { form } = await requirePost(request, context, "write:outbox");
  const id = String(form.get("id") ?? "");
  // False when it is no longer refused (someone sent it again from another tab): nothing was lost, the list says where it is.
  const requeued = id.length > 0 && id.length <= 64 && context.outboxAdmin.sendAgain(id);
  return redirectWithToast("/admin/delivery", requeued ? "admin:delivery.sentAgain" : "admin:delivery.notRejected");
}

export default function Delivery() {
  const { depth, oldest, rejected, canSend } = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation("admin");
  const when = new Intl.DateTimeFormat(i18n.language, { dateStyle: "medium", timeStyle: "short", timeZone: "Europe/Istanbul" });
  return (
    <section className="admin-page">
      <h1>{t("menu.delivery")}</h1>
      <p>{t("delivery.intro")}</p>
      <p className="admin-note">{t("delivery.thisInstance")}</p>
      <div className="admin-panel">
        <h2>{t("delivery.waitingTitle")}</h2>
        <dl className="admin-stats">
          <div>
            <dt>{t("delivery.waiting")}</dt>
            <dd data-testid="waiting">{depth}</dd>
          </div>
          <div>
            <dt>{t("delivery.oldest")}</dt>
            <dd>{oldest ? t(`delivery.age.${oldest.unit}`, { count: oldest.count }) : t("delivery.none")}</dd>
          </div>
          <div>
            <dt>{t("delivery.refusedCount")}</dt>
            <dd>{rejected.total}</dd>
          </div>
        </dl>
      </div>
      <div className="admin-panel">
        <h2>{t("delivery.refusedTitle")}</h2>
        <p>{t("delivery.refusedIntro")}</p>
        {rejected.leads.length === 0 ? (
          <p>{t("delivery.noneRefused")}</p>
        ) : (
          <div className="admin-table-wrap">
            <table className="admin-table">
              <caption className="visually-hidden">{t("delivery.refusedTitle")}</caption>
              <thead>
                <tr>
                  <th scope="col">{t("delivery.received")}</th>
                  <th scope="col">{t("delivery.kind")}</th>
                  <th scope="col">{t("delivery.sender")}</th>
                  <th scope="col">{t("delivery.reason")}</th>
                  {canSend ? <th scope="col">{t("delivery.actions")}</th> : null}
                </tr>
              </thead>
              <tbody>
                {rejected.leads.map((lead) => {
                  const status = refusalStatus(lead.reason);
                  return (
                    <tr key={lead.id}>
                      <td>{when.format(new Date(lead.createdAt))}</td>
                      <td>
                        {t(`delivery.kinds.${lead.kind}`)} <span className="admin-muted">({t(`siteLanguages.${lead.lang}`, { defaultValue: lead.lang })})</span>
                      </td>
                      <td>
                        <span dir="auto">{lead.name}</span>
                        <br />
                        <span dir="auto" className="admin-muted">{lead.email}</span>
                      </td>
                      <td>
                        {status ? t(`delivery.reasons.${status}`) : t("delivery.reasons.other")}
                        <br />
                        <code className="admin-muted">{lead.reason}</code>
                      </td>
                      {canSend ? (
                        <td>
                          <Form method="post">
                            <AuthenticityTokenInput />
                            <input type="hidden" name="id" value={lead.id} />
                            <button type="submit" className="button button-secondary" aria-label={t("delivery.sendAgainFor", { name: lead.name || lead.email })}>
                              {t("delivery.sendAgain")}
                            </button>
                          </Form>
                        </td>
                      ) : null}
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        )}
        {rejected.total > rejected.leads.length ? <p>{t("delivery.more", { shown: rejected.leads.length, total: rejected.total })}</p> : null}
      </div>
    </section>
  );
}

export const ErrorBoundary = AdminError;
