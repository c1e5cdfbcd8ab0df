import { titleMeta } from "~/lib/admin/title-meta";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AdminError } from "~/components/admin/admin-error";
import { RefusedLeads } from "~/components/admin/refused-leads";
import { ageParts } from "~/lib/admin/age";
import { staffDateTime } from "~/lib/admin/staff-time";
import { adminTitle, discardRefusedLead, i18next, redirectWithToast, requirePage, requirePost, sendRefusedLeadAgain } from "./delivery.server";

export const handle = { i18n: ["admin"] };
export const meta = titleMeta;

const SHOWN = 100;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const staff = requirePage(request, context, "delivery");
  const [{ depth, oldestAgeSeconds }, { total, leads }] = await Promise.all([context.outboxAdmin.stats(), context.outboxAdmin.rejectedLeads(SHOWN)]);
  const lang = await i18next.getLocale(request);
  const rejected = { total, leads: leads.map((lead) => ({ ...lead, received: staffDateTime(lang, lead.createdAt) })) };
  return {
    depth,
    oldest: depth > 0 ? ageParts(oldestAgeSeconds) : null,
    rejected,
    canSend: staff.permissions.has("write:outbox"),
    // Discarding erases a lead that never reached the API: the same permission as erasing one that did.
    canDiscard: staff.permissions.has("delete:lead"),
    keptDays: context.outboxAdmin.retentionDays,
    // With OUTBOX_DATABASE_URL every instance shows the one shared queue; with SQLite, its own.
    shared: context.outboxAdmin.engine === "postgres",
    title: await adminTitle(request, "menu.delivery"),
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  // In the address, so the permission (by intent, in ADMIN_PAGES) is known before the body is read.
  const { form, staff } = await requirePost(request, context, "delivery");
  const discard = new URL(request.url).searchParams.get("intent") === "discard";
  const id = String(form.get("id") ?? "");
  if (discard) {
    // The box is required in the page too; a post without it erases nothing.
    if (form.get("confirm") !== "on") return redirectWithToast(context, "/admin/delivery", "admin:delivery.discardUnconfirmed");
    const discarded = await discardRefusedLead(context, staff, id);
    return redirectWithToast(context, "/admin/delivery", discarded ? "admin:delivery.discarded" : "admin:delivery.notRejected");
  }
  // False when it is no longer refused (someone sent it again from another tab): nothing was lost, the list says where it is.
  const requeued = await sendRefusedLeadAgain(context, staff, id);
  return redirectWithToast(context, "/admin/delivery", requeued ? "admin:delivery.sentAgain" : "admin:delivery.notRejected");
}

export default function Delivery() {
  const { depth, oldest, rejected, canSend, canDiscard, keptDays, shared } = useLoaderData<typeof loader>();
  const { t } = useTranslation("admin");
  return (
    <section className="admin-page">
      <h1>{t("menu.delivery")}</h1>
      <p>{t("delivery.intro")}</p>
      <p className="admin-note">{t(shared ? "delivery.sharedQueue" : "delivery.thisInstance")}</p>
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
        <p>{t("delivery.refusedKept", { count: keptDays })}</p>
        <RefusedLeads leads={rejected.leads} canSend={canSend} canDiscard={canDiscard} />
        {rejected.total > rejected.leads.length ? <p>{t("delivery.more", { shown: rejected.leads.length, total: rejected.total })}</p> : null}
      </div>
    </section>
  );
}

export const ErrorBoundary = AdminError;
