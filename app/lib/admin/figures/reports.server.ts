import type { AppLoadContext } from "@remix-run/node";
import { textIn, versionReader } from "~/lib/admin/built-form-answers.server";
import { figureNames } from "~/lib/admin/figure-names.server";
import { staffCall } from "~/lib/admin/guard.server";
import { staffLanguage } from "~/lib/admin/language.server";
import { FORM_OF_KIND } from "~/lib/analytics/form-of-page";
import { FIELD_LABELS } from "~/lib/forms/field-labels";
import type { AdminPageName } from "~/lib/admin/pages";
import type { Staff } from "~/lib/admin/sessions.server";
import type { ActiveUsers } from "~/lib/platform/api/analytics-contract";
import type { BrowserErrors } from "~/lib/platform/api/browser-errors-contract";
import type { CustomerActiveUsers } from "~/lib/platform/api/customer-active-users-contract";
import type { DownloadFigures } from "~/lib/platform/api/downloads-contract";
import { activeUsersTables } from "./active-users-tables";
import { browserErrorTables } from "./browser-error-tables";
import { customerActiveUsersTables } from "./customer-active-users-tables";
import { customerFiguresTables } from "./customer-figures-tables";
import { downloadTables } from "./download-tables";
import type { FigureTable, Translate } from "./figure-table";
import { formFunnelTables } from "./form-funnel-tables";

type Period = { from: string; to: string };

interface FigureReport<Data> {
  /** What the page and its export read from the API for a period. */
  load: (request: Request, context: AppLoadContext, staff: Staff, period: Period) => Promise<Data>;
  /** The tables both draw from it. */
  tables: (data: Data, t: Translate) => FigureTable[];
}

const report = <Data>(r: FigureReport<Data>) => r as FigureReport<unknown>;
const api = (context: AppLoadContext, staff: Staff) => context.staffApi.as(staff.token);

type Load<Data> = FigureReport<Data>["load"];

export const loadActiveUsers: Load<ActiveUsers> = async (_request, context, staff, period) =>
  (await staffCall(context, () => api(context, staff).get("activeUsers", { query: period }))).result;

export const loadCustomerFigures = (async (request, context, staff, period) => {
  const figures = (await staffCall(context, () => api(context, staff).get("customerFigures", { query: period }))).result;
  const keys = { countries: figures.byCountry.map((f) => f.key), treatments: figures.byTreatment.map((f) => f.key) };
  return { figures, names: await figureNames(context, staffLanguage(request), keys) };
}) satisfies Load<unknown>;

export const loadDownloadFigures: Load<DownloadFigures> = async (_request, context, staff, period) =>
  (await staffCall(context, () => api(context, staff).get("downloadFigures", { query: period }))).result;

export const loadBrowserErrors: Load<BrowserErrors> = async (_request, context, staff, period) =>
  (await staffCall(context, () => api(context, staff).get("browserErrors", { query: period }))).result;

export const loadFormFunnels = (async (request, context, staff, period) => {
  const funnels = (await staffCall(context, () => api(context, staff).get("formFunnels", { query: period }))).result;
  // The fields' labels are the site's forms' (common), looked up here: the page's script needs neither the forms' label table nor the route table.
  const fieldLabels: Record<string, string> = {};
  for (const { kind, field } of [...funnels.stops, ...funnels.errors]) {
    const form = FORM_OF_KIND[kind];
    const key = form && FIELD_LABELS[form][field];
    if (key) fieldLabels[`${kind}/${field}`] = key;
  }
  // A built form's are its own (ADR 065): its latest published version's, in the staff member's language where it has it,
  // read with the site's client token as the inbox does (no content permission needed); else the field's key.
  const formLabels: Record<string, string> = {};
  const readVersion = versionReader(context);
  const lang = staffLanguage(request);
  await Promise.all(
    [...funnels.stops, ...funnels.errors].map(async ({ formId, field }) => {
      const versionId = formId === null ? null : funnels.funnels.find((f) => f.formId === formId)?.versionId;
      const version = versionId ? await readVersion(versionId) : null;
      // A phone's dial code is its own input (`f3Dial`): labelled as its phone.
      const label = version?.definition.fields.find((candidate) => candidate.key === field.replace(/Dial$/, ""))?.label;
      if (label && textIn(label, lang)) formLabels[`${formId}/${field}`] = textIn(label, lang);
    }),
  );
  return { funnels, fieldLabels, formLabels };
}) satisfies Load<unknown>;

export const loadCustomerActiveUsers: Load<CustomerActiveUsers> = async (_request, context, staff, period) =>
  (await staffCall(context, () => api(context, staff).get("customerActiveUsers", { query: period }))).result;

/**
 * Every figures page, by its name in ADMIN_PAGES: its page loader and its CSV export
 * (analytics-export.tsx) load through here, so a page added to this list is exportable, with the
 * permission of its page, and the export cannot show other numbers than the page.
 */
export const FIGURE_REPORTS = {
  "analytics-active-users": report({ load: loadActiveUsers, tables: activeUsersTables }),
  "analytics-customers": report({ load: loadCustomerFigures, tables: customerFiguresTables }),
  "analytics-downloads": report({ load: loadDownloadFigures, tables: downloadTables }),
  "analytics-errors": report({ load: loadBrowserErrors, tables: browserErrorTables }),
  "analytics-forms": report({ load: loadFormFunnels, tables: formFunnelTables }),
  "analytics-customer-active-users": report({ load: loadCustomerActiveUsers, tables: customerActiveUsersTables }),
} as const satisfies Partial<Record<AdminPageName, FigureReport<unknown>>>;

export type FigureReportName = keyof typeof FIGURE_REPORTS;

export const isFigureReport = (name: string): name is FigureReportName => Object.hasOwn(FIGURE_REPORTS, name);
