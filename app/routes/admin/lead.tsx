import { titleMeta } from "~/lib/admin/title-meta";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AdminError } from "~/components/admin/admin-error";
import { LeadFieldList } from "~/components/admin/lead-field-list";
import { LeadHistory } from "~/components/admin/lead-history";
import { LeadPipelineFields } from "~/components/admin/lead-pipeline";
import { LeadErasure, LeadHandling, LeadNotes, type LeadActionData } from "~/components/admin/lead-workflow";
import { LeadIntentSchema } from "~/lib/admin/lead-forms";
import { clinicToday, staffDay } from "~/lib/admin/clinic-day";
import { historyLines } from "~/lib/admin/lead-history-words";
import { staffDateTime } from "~/lib/admin/staff-time";
import { LeadStatusSchema, StaffLanguageSchema } from "~/lib/platform/api/admin-contract";
import {
  adminTitle,
  builtFormAnswers,
  data,
  i18next,
  leadIdOf,
  leadRefs,
  requirePage,
  requirePost,
  runLeadIntent,
  shownFields,
  staffCall,
} from "./lead.server";

export const handle = { i18n: ["admin"] };
export const meta = titleMeta;

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const staff = requirePage(request, context, "lead");
  const id = leadIdOf(params);
  const api = context.staffApi.as(staff.token);
  const canWrite = staff.permissions.has("write:lead");
  const [{ result: lead }, assignees] = await staffCall(context, () =>
    Promise.all([api.get("lead", { params: { id } }), canWrite ? api.get("assignees") : null]),
  );
  const lang = StaffLanguageSchema.catch("en").parse(await i18next.getLocale(request));
  const [t, refs] = await Promise.all([i18next.getFixedT(request, "admin"), leadRefs(context, lang, lead.fields)]);
  const people = assignees?.result.data ?? [];
  const { fields: _fields, notes: _notes, history, ...summary } = lead;
  // The board sends a move to lost here (?status=lost) to ask why: the status form starts at lost.
  const proposed = LeadStatusSchema.safeParse(new URL(request.url).searchParams.get("status"));
  const closed = ["booked", "treated", "lost", "spam"].includes(lead.status);
  return {
    lead: { ...summary, received: staffDateTime(lang, lead.receivedAt) },
    proposed: proposed.success ? proposed.data : lead.status,
    pipeline: {
      offerValue: lead.offer?.value ?? null,
      offerCurrency: lead.offer?.currency ?? null,
      offerText: lead.offer
        ? new Intl.NumberFormat(lang, { style: "currency", currency: lead.offer.currency, maximumFractionDigits: 0 }).format(lead.offer.value)
        : null,
      followUpOn: lead.followUpOn,
      followUp: lead.followUpOn ? staffDay(lang, lead.followUpOn) : null,
      overdue: !!lead.followUpOn && !closed && lead.followUpOn < clinicToday(),
    },
    history: historyLines(t, lang, history),
    // A built form's answers follow its other fields, labelled as the version it answered (ADR 065).
    fields: [
      ...shownFields(lead.fields, (key, options) => t(key, options ?? {}), lang, refs),
      ...(lead.kind === "builtForm" ? await builtFormAnswers(context, lead.fields, lang, undefined, { leadId: lead.id, files: lead.files }) : []),
    ],
    notes: lead.notes.map((n) => ({
      id: n.id,
      author: n.author.name,
      text: n.text,
      createdAt: n.createdAt,
      at: staffDateTime(lang, n.createdAt),
      edited: n.edited ? { by: n.edited.by?.name ?? "", at: staffDateTime(lang, n.edited.at), editedAt: n.edited.at } : null,
      earlier: n.earlier.map((v) => ({ author: v.author?.name ?? "", at: staffDateTime(lang, v.at), text: v.text })),
    })),
    // Someone who can no longer take leads stays listed on the leads they hold.
    assignees: lead.assignee && !people.some((p) => p.id === lead.assignee?.id) ? [...people, lead.assignee] : people,
    canWrite,
    // A new key with each page: the note form sent again as it was (after no answer) is stored once.
    noteKey: canWrite ? crypto.randomUUID() : null,
    canDelete: staff.permissions.has("delete:lead"),
    title: await adminTitle(request, "leads.detailTitle", { id }),
  };
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const intent = LeadIntentSchema.safeParse(new URL(request.url).searchParams.get("intent"));
  // The session first: only someone who may change leads learns that a post was malformed.
  const { staff, form } = await requirePost(request, context, "lead");
  if (!intent.success) throw data({ reason: "error" }, { status: 400 });
  return runLeadIntent(context, staff, leadIdOf(params), intent.data, form);
}

export default function Lead() {
  const { lead, proposed, pipeline, history, fields, notes, assignees, canWrite, noteKey, canDelete } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as LeadActionData;
  const { t } = useTranslation("admin");
  const kind =
    lead.source && lead.source !== "website"
      ? t("leads.withSource", { kind: t(`kinds.${lead.kind}`), source: t(`leads.sources.${lead.source}`, { defaultValue: lead.source }) })
      : t(`kinds.${lead.kind}`);
  return (
    <section className="admin-page">
      <p>
        <Link to="/admin/leads">{t("leads.back")}</Link>
      </p>
      <h1>
        <span dir="auto">{lead.name}</span>
      </h1>
      <p className="admin-lead-meta">
        {t("leads.detailTitle", { id: lead.id })} · {kind} · <time dateTime={lead.receivedAt}>{t("leads.received", { date: lead.received })}</time>
        {lead.enteredBy ? <> · {t("leads.enteredBy", { name: lead.enteredBy.name })}</> : null}
        {canWrite && lead.patientId !== null ? (
          <>
            {" · "}
            <Link to={`/admin/customers/${lead.patientId}`}>{t("leads.patientRecord")}</Link>
          </>
        ) : null}
      </p>
      <div className="admin-lead">
        <div className="admin-panel">
          <h2>{t("leads.sent")}</h2>
          <LeadFieldList fields={fields} />
          {lead.photo ? (
            <figure className="admin-photo">
              <img src={`/admin/leads/${lead.id}/photo`} alt={t("leads.photoAlt", { name: lead.name })} />
              <figcaption>{t("leads.photo")}</figcaption>
            </figure>
          ) : null}
        </div>
        <div>
          <div className="admin-panel" id="handling">
            <h2>{t("leads.handling")}</h2>
            <LeadHandling
              status={lead.status}
              proposed={proposed}
              lostReason={lead.lostReason}
              assignee={lead.assignee}
              assignees={assignees}
              canWrite={canWrite}
              actionData={actionData}
            />
          </div>
          <div className="admin-panel">
            <h2>{t("pipeline.fields.title")}</h2>
            <LeadPipelineFields {...pipeline} canWrite={canWrite} actionData={actionData} />
          </div>
          <div className="admin-panel">
            <h2>{t("pipeline.history.title")}</h2>
            <LeadHistory lines={history} />
          </div>
          <div className="admin-panel">
            <h2>{t("leads.notes")}</h2>
            <LeadNotes notes={notes} noteKey={noteKey} actionData={actionData} />
          </div>
          {canDelete ? (
            <div className="admin-panel admin-danger-zone">
              <h2>{t("leads.erase.title")}</h2>
              <LeadErasure actionData={actionData} />
            </div>
          ) : null}
        </div>
      </div>
    </section>
  );
}

export const ErrorBoundary = AdminError;
