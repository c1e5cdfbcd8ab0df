import type { AppLoadContext } from "@remix-run/node";
import { auditQuery, type AuditFilters } from "~/lib/admin/audit-filters";
import { auditActionKey } from "~/lib/admin/audit";
import { auditActionWords, auditDetail, auditTarget, type AuditReader } from "~/lib/admin/audit-words";
import { staffCall } from "~/lib/admin/guard.server";
import { staffLanguage } from "~/lib/admin/language.server";
import type { Staff } from "~/lib/admin/sessions.server";
import { staffDateTime } from "~/lib/admin/staff-time";
import i18next from "~/lib/render/i18next.server";

/** Staff names by id, for the filter's choices and for naming assignees and targets: everyone for those who may read users, else who may be assigned leads. */
async function staffNames(context: AppLoadContext, staff: Staff): Promise<{ id: number; name: string }[]> {
  const api = context.staffApi.as(staff.token);
  if (staff.permissions.has("read:user")) {
    const users = await staffCall(context, () => api.get("users"));
    return users.result.data.map(({ id, name }) => ({ id, name }));
  }
  if (staff.permissions.has("read:lead")) return (await staffCall(context, () => api.get("assignees"))).result.data;
  return [];
}

/**
 * One page of the audit log as its reader reads it: each entry's time on the clinic's clock, its
 * actor by name, its action, target and detail in the reader's language (audit-words.ts).
 */
export async function readAuditPage(request: Request, context: AppLoadContext, staff: Staff, filters: AuditFilters, page: number, pageSize: number) {
  const api = context.staffApi.as(staff.token);
  const [answer, people, t] = await Promise.all([
    staffCall(context, () => api.get("audit", { query: { pageIndex: page, pageSize, ...auditQuery(filters) } })),
    staffNames(context, staff),
    i18next.getFixedT(request, "admin"),
  ]);
  const lang = staffLanguage(request);
  const reader: AuditReader = { t: t as AuditReader["t"], lang, people: new Map(people.map((p) => [p.id, p.name])), permissions: staff.permissions };
  const entries = answer.result.data.map((entry) => ({
    id: entry.id,
    at: entry.at,
    when: staffDateTime(lang, entry.at),
    who: entry.actor ? (entry.actor.name ?? entry.actor.email) : null,
    whoEmail: entry.actor?.email ?? null,
    action: auditActionWords(entry.action, auditActionKey(entry.action), reader.t),
    target: auditTarget(entry.target, reader),
    detail: auditDetail(entry, reader),
  }));
  return { entries, totalCount: answer.result.totalCount, people };
}
