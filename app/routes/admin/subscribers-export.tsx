import type { LoaderFunctionArgs } from "@remix-run/node";
import { toCsv } from "~/lib/admin/csv";
import { clinicDateTimeInput } from "~/lib/admin/staff-time";
import { i18next, requirePage, staffCall } from "./subscribers-export.server";

/**
 * The newsletter's consent records as a spreadsheet (ADR 056): who agreed to which text, in which
 * language, when, and when they confirmed. An ended subscription has no address any more: its hash
 * stands in its row, so the record of the consent stays without the address.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const staff = requirePage(request, context, "subscribers-export");
  const t = await i18next.getFixedT(request, "admin");
  const { result } = await staffCall(context, () => context.staffApi.as(staff.token).get("subscriptionConsents"));
  const time = (iso: string | null) => (iso ? clinicDateTimeInput(iso).replace("T", " ") : "");
  const names = ["address", "list", "status", "consentVersion", "consentLanguage", "consentedAt", "confirmedAt", "endedAt"] as const;
  const rows = [
    names.map((c) => t(`subscriptions.columns.${c}`)),
    ...result.map((r) => [
      r.email ?? r.addressHash,
      r.list,
      t(`subscriptions.statuses.${r.status}`),
      r.consentVersion,
      r.consentLanguage,
      time(r.consentedAt),
      time(r.confirmedAt),
      time(r.endedAt),
    ]),
  ];
  return new Response(toCsv(rows), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="newsletter-consents-${new Date().toISOString().slice(0, 10)}.csv"`,
      "Cache-Control": "private, no-store",
    },
  });
}
