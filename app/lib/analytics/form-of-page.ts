import type { FormName } from "~/lib/forms/form-checks";
import type { LEAD_KINDS } from "~/lib/platform/api/lead-kinds";
import { getPage, routeAtUrlPath } from "~/lib/site/route-table";

export type LeadKind = (typeof LEAD_KINDS)[number];

/** The lead form each form page's module renders, and the kind of lead it sends. */
const FORM_OF_MODULE: Record<string, FormName> = { offer: "offer", contact: "contact", register: "register", career: "career" };

/** The kind of lead a form sends from a page: the feedback page's contact form is a kind of its own, as in the lead charts. */
export function leadKindOf(form: FormName, pageName: string): LeadKind {
  if (form === "contact") return pageName === "feedback" ? "feedback" : "contact";
  return form === "register" ? "partner" : form === "career" ? "job" : "offer";
}

/** The lead form a page's path carries (its own page, not a detail page), or null (ADR 054). */
export function formOfPath(pathname: string): { form: FormName; kind: LeadKind } | null {
  const found = routeAtUrlPath(pathname);
  if (found?.route.kind !== "page" || !found.route.page) return null;
  const form = FORM_OF_MODULE[getPage(found.route.page)?.module ?? ""];
  return form ? { form, kind: leadKindOf(form, found.route.page) } : null;
}

/** The form a kind of lead is sent with: its fields' labels are that form's. A built form's (ADR 065) are its own, and it has no funnel. */
export const FORM_OF_KIND: Record<LeadKind, FormName | null> = {
  offer: "offer",
  contact: "contact",
  feedback: "contact",
  partner: "register",
  job: "career",
  builtForm: null,
};
