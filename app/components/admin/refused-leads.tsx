import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { refusalStatus } from "~/lib/admin/delivery";
import type { Outbox } from "~/lib/platform/outbox/outbox.server";
import { AdminTable } from "~/components/admin/admin-table";
import { AuthenticityTokenInput } from "~/components/form/form-kit";

/** A refused lead as the outbox lists it, with when it came in already worded for the staff member. */
type RefusedLead = Awaited<ReturnType<Outbox["rejectedLeads"]>>["leads"][number] & { received: string };

/**
 * The leads the API refused, newest first, each with why and, for those who may, a "send again"
 * button and a "discard" that erases it (it never reached the inbox, where erasure usually happens).
 */
export function RefusedLeads({ leads, canSend, canDiscard }: { leads: RefusedLead[]; canSend: boolean; canDiscard: boolean }) {
  const { t } = useTranslation("admin");
  return leads.length === 0 ? (
    <p>{t("delivery.noneRefused")}</p>
  ) : (
    <AdminTable
      caption={t("delivery.refusedTitle")}
      columns={[
        t("delivery.received"),
        t("delivery.kind"),
        t("delivery.sender"),
        t("delivery.reason"),
        ...(canSend || canDiscard ? [t("delivery.actions")] : []),
      ]}
      wide
    >
      {leads.map((lead) => {
        const status = refusalStatus(lead.reason);
        return (
          <tr key={lead.id}>
            <td>
              <time dateTime={lead.createdAt}>{lead.received}</time>
            </td>
            <td>
              {t(`delivery.kinds.${lead.kind}`)} <span className="admin-muted">({t(`siteLanguages.${lead.lang}`, { defaultValue: lead.lang })})</span>
            </td>
            <td>
              <span dir="auto">{lead.name}</span>
              <br />
              <span dir="auto" className="admin-muted">
                {lead.email}
              </span>
            </td>
            <td>
              {status ? t(`delivery.reasons.${status}`) : t("delivery.reasons.other")}
              <br />
              <code className="admin-muted">{lead.reason}</code>
            </td>
            {canSend || canDiscard ? (
              <td>
                {canSend ? (
                  <Form method="post">
                    <AuthenticityTokenInput />
                    <input type="hidden" name="id" value={lead.id} />
                    <button type="submit" className="button button-secondary" aria-label={t("delivery.sendAgainFor", { name: lead.name || lead.email })}>
                      {t("delivery.sendAgain")}
                    </button>
                  </Form>
                ) : null}
                {canDiscard ? (
                  <Form method="post" action="?intent=discard" className="admin-discard">
                    <AuthenticityTokenInput />
                    <input type="hidden" name="id" value={lead.id} />
                    <label>
                      <input type="checkbox" name="confirm" required /> {t("delivery.discardConfirm")}
                    </label>
                    <button type="submit" className="button button-danger" aria-label={t("delivery.discardFor", { name: lead.name || lead.email })}>
                      {t("delivery.discard")}
                    </button>
                  </Form>
                ) : null}
              </td>
            ) : null}
          </tr>
        );
      })}
    </AdminTable>
  );
}
