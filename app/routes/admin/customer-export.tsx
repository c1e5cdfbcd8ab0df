import type { LoaderFunctionArgs } from "@remix-run/node";
import type { MailMessage } from "~/lib/platform/mail/message";
import {
  ApiError,
  i18next,
  labelledAnswersByLead,
  leadIdOf,
  patientMail,
  requirePage,
  StaffLanguageSchema,
  staffCall,
  staffFailure,
} from "./customer-export.server";

/**
 * Everything held about the person (GDPR art. 15, KVKK art. 11) as one JSON file (ADR 048): what the
 * API holds (every lead with its fields, notes and their earlier texts, history, photo and files; a built form's
 * answers also labelled as its version words them) and the
 * mail this site keeps about their leads.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const staff = requirePage(request, context, "customer-export");
  const id = leadIdOf(params);
  const path = `admin/patients/${id}/export`;
  const answer = await staffCall(context, () => context.staffApi.as(staff.token).bytes(path));
  if (answer.status !== 200) staffFailure(context, new ApiError("status", `API call ${path} answered ${answer.status}`, answer.status));
  const held = JSON.parse(answer.body.toString("utf8")) as {
    result: { leads: ({ id: number; kind: string; fields: Record<string, string | number | boolean | null> } & Record<string, unknown>)[] } & Record<
      string,
      unknown
    >;
  };
  const lang = StaffLanguageSchema.catch("en").parse(await i18next.getLocale(request));
  const [mail, answers] = await Promise.all([
    patientMail(
      context,
      held.result.leads.map((l) => l.id),
    ),
    // A built form's answers labelled as the version it answered words them (ADR 065), beside the stored keys.
    labelledAnswersByLead(context, held.result.leads, lang),
  ]);
  const leads = held.result.leads.map((lead) => (answers.has(lead.id) ? { ...lead, answersLabelled: answers.get(lead.id) } : lead));
  const kept = [...mail.values()].flat().map((row) => ({
    ...(JSON.parse(row.payload) as MailMessage),
    status: row.status,
    createdAt: new Date(Number(row.created_at)).toISOString(),
  }));
  return new Response(JSON.stringify({ ...held.result, leads, mail: kept }, null, 2), {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="patient-${id}.json"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
