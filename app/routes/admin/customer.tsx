import { titleMeta } from "~/lib/admin/title-meta";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AdminError } from "~/components/admin/admin-error";
import { AuthenticityTokenInput } from "~/components/form/form-kit";
import { StaffLanguageSchema } from "~/lib/platform/api/admin-contract";
import {
  adminTitle,
  data,
  erasePatientMail,
  getTreatmentOptions,
  i18next,
  leadIdOf,
  patientMail,
  labelledAnswersByLead,
  patientTimeline,
  redirectWithToast,
  requirePage,
  requirePost,
  staffCall,
} from "./customer.server";

export const handle = { i18n: ["admin"] };
export const meta = titleMeta;

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const staff = requirePage(request, context, "customer");
  const id = leadIdOf(params);
  const { result: patient } = await staffCall(context, () => context.staffApi.as(staff.token).get("patient", { params: { id } }));
  const lang = StaffLanguageSchema.catch("en").parse(await i18next.getLocale(request));
  const [t, mail, treatments, answers] = await Promise.all([
    i18next.getFixedT(request, "admin"),
    patientMail(
      context,
      patient.leads.map((l) => l.id),
    ),
    // A treatment's name from the content cache; without it the page shows the id rather than failing.
    getTreatmentOptions(context, lang).catch(() => []),
    // A built form's answers, labelled as the version it answered (ADR 065).
    labelledAnswersByLead(context, patient.leads, lang),
  ]);
  const timeline = patientTimeline(t, lang, patient, mail, new Map(treatments.map((tr) => [tr.id, tr.title])), answers);
  return {
    patient: { id: patient.id, name: patient.name, email: patient.email, phone: patient.phone, leadsCount: patient.leadsCount },
    ...timeline,
    canExport: staff.permissions.has("export:lead"),
    canErase: staff.permissions.has("delete:lead"),
    title: await adminTitle(request, "patients.detailTitle", { name: patient.name }),
  };
}

/** Erasure of the person (ADR 030, 048): every lead of theirs in the API, then the mail kept about them here. */
export async function action({ request, context, params }: ActionFunctionArgs) {
  const { staff, form } = await requirePost(request, context, "customer");
  const id = leadIdOf(params);
  if (form.get("confirm") !== "on") return data({ error: "patients.erase.confirmNeeded" }, { status: 400 });
  const api = context.staffApi.as(staff.token);
  const { result: patient } = await staffCall(context, () => api.get("patient", { params: { id } }));
  const answer = await staffCall(context, () => api.send("DELETE", `admin/patients/${id}`));
  if (answer.status !== 204) return redirectWithToast(context, "/admin/customers", "admin:patients.errors.gone");
  await erasePatientMail(
    context,
    patient.leads.map((l) => l.id),
    patient.leads.map((l) => l.fields.email).filter((email): email is string => typeof email === "string"),
  );
  return redirectWithToast(context, "/admin/customers", "admin:patients.erase.done");
}

export default function Customer() {
  const { patient, entries, consents, languages, countries, treatments, canExport, canErase } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("admin");
  const facts = [
    [t("patients.facts.languages"), languages.join(", ")],
    [t("patients.facts.countries"), countries.join(", ") || "—"],
    [t("patients.facts.treatments"), treatments.join(", ") || "—"],
    [t("patients.columns.email"), patient.email || "—"],
    [t("patients.columns.phone"), patient.phone ?? "—"],
  ];
  return (
    <section className="admin-page">
      <p>
        <Link to="/admin/customers">{t("patients.back")}</Link>
      </p>
      <h1>
        <span dir="auto">{patient.name}</span>
      </h1>
      <p className="admin-lead-meta">{t("patients.leadsCount", { count: patient.leadsCount })}</p>
      <div className="admin-lead">
        <div>
          <div className="admin-panel">
            <h2>{t("patients.facts.title")}</h2>
            <dl className="admin-fields">
              {facts.map(([term, value]) => (
                <div key={term}>
                  <dt>{term}</dt>
                  <dd dir="auto">{value}</dd>
                </div>
              ))}
            </dl>
          </div>
          <div className="admin-panel">
            <h2>{t("patients.consents.title")}</h2>
            {consents.length === 0 ? (
              <p>{t("patients.consents.none")}</p>
            ) : (
              <ul>
                {consents.map((c) => (
                  <li key={`${c.leadId}-${c.field}`}>
                    {t("patients.consents.line", {
                      field: t(`patients.consents.fields.${c.field}`, { defaultValue: c.field }),
                      value: c.value === "true" ? t("patients.consents.given") : c.value,
                      id: c.leadId,
                    })}{" "}
                    <time dateTime={c.at}>{c.when}</time>
                  </li>
                ))}
              </ul>
            )}
          </div>
          {canExport ? (
            <div className="admin-panel">
              <h2>{t("patients.export.title")}</h2>
              <p>{t("patients.export.text")}</p>
              <a className="button button-secondary" href={`/admin/customers/${patient.id}/export.json`} download>
                {t("patients.export.link")}
              </a>
            </div>
          ) : null}
          {canErase ? (
            <div className="admin-panel admin-danger-zone">
              <h2>{t("patients.erase.title")}</h2>
              <Form method="post" aria-describedby={actionData ? "patient-erase-error" : undefined}>
                <AuthenticityTokenInput />
                <p>{t("patients.erase.text")}</p>
                {actionData ? (
                  <p id="patient-erase-error" className="admin-error" role="alert">
                    {t(actionData.error)}
                  </p>
                ) : null}
                <p>
                  <input id="patient-erase-confirm" type="checkbox" name="confirm" required />{" "}
                  <label htmlFor="patient-erase-confirm">{t("patients.erase.confirm")}</label>
                </p>
                <button type="submit" className="button button-danger">
                  {t("patients.erase.submit")}
                </button>
              </Form>
            </div>
          ) : null}
        </div>
        <div className="admin-panel">
          <h2>{t("patients.timeline.title")}</h2>
          <ol className="admin-history admin-timeline">
            {entries.map((e, i) => (
              <li key={i}>
                <p className="admin-note-meta">
                  <time dateTime={e.at}>{e.who ? t("pipeline.history.entry", { name: e.who, date: e.when }) : e.when}</time>
                </p>
                <p>
                  <strong>
                    <Link to={`/admin/leads/${e.leadId}`}>{e.title}</Link>
                  </strong>
                </p>
                {e.text ? (
                  <p dir="auto" className="admin-pre">
                    {e.text}
                  </p>
                ) : null}
              </li>
            ))}
          </ol>
        </div>
      </div>
    </section>
  );
}

export const ErrorBoundary = AdminError;
