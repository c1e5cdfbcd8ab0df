import type { AuditEntrySchema, AuditFacts, Permission } from "~/lib/platform/api/admin-contract";
import { statusKey } from "~/lib/admin/lead-status";
import { ContentKindSchema } from "~/lib/platform/api/content-contract";
import { contentPath } from "~/lib/admin/content-kinds";
import type { z } from "zod";

/**
 * The audit log in its reader's words: an entry's facts (codes, ids, numbers) said in the staff
 * member's language, and its target named and linked. An entry written before facts were kept has
 * only the API's English note, shown as such (marked `lang="en"`).
 */
type Entry = z.infer<typeof AuditEntrySchema>;
type T = (key: string | string[], options?: Record<string, unknown>) => string;

export interface AuditReader {
  t: T;
  lang: string;
  /** Staff names by id (assignees, targets). */
  people: ReadonlyMap<number, string>;
  permissions: ReadonlySet<Permission>;
}

/** Social networks are named alike in every language. */
const NETWORKS: Record<string, string> = { facebook: "Facebook", instagram: "Instagram", youtube: "YouTube", linkedin: "LinkedIn" };

const str = (facts: AuditFacts, key: string) => (typeof facts[key] === "string" ? (facts[key] as string) : null);
const num = (facts: AuditFacts, key: string) => (typeof facts[key] === "number" ? (facts[key] as number) : null);
const list = (facts: AuditFacts, key: string) => (Array.isArray(facts[key]) ? (facts[key] as string[]) : []);

/** The words of an entry's facts; null when the entry has none (then its English note stands). */
function factWords(entry: Entry, { t, lang, people }: AuditReader): string | null {
  const facts = entry.facts;
  if (!facts) return null;
  const and = (items: string[]) => new Intl.ListFormat(lang, { type: "conjunction" }).format(items);
  const person = (id: unknown) => (typeof id === "number" ? (people.get(id) ?? t("audit.targets.user", { id })) : t("leads.nobody"));
  const via = () => {
    const door = str(facts, "via");
    return door ? t(`audit.details.via.${door === "ops API" ? "ops" : door === "start-up" ? "startUp" : "cli"}`) : "";
  };
  const withVia = (text: string) => (via() ? `${text} (${via()})` : text);
  const address = str(facts, "address") ?? "";
  switch (entry.action) {
    case "sign-in":
      return t(facts.secondStep === "recovery" ? "audit.details.withRecoveryCode" : "audit.details.from", { address });
    case "sign-in-failed":
      return t(`audit.details.failed.${str(facts, "reason") ?? "wrongPassword"}`, { address });
    case "sign-in-refused":
      return t("audit.details.refused", { address, seconds: num(facts, "waitSeconds") ?? 0 });
    case "sign-in-locked":
      return t("audit.details.locked", { address, failures: num(facts, "failures") ?? 0, seconds: num(facts, "waitSeconds") ?? 0 });
    case "sign-in-unlocked":
      return withVia(t(`audit.details.unlocked.${str(facts, "reason") ?? "lockLifted"}`, { count: num(facts, "failures") ?? 0 }));
    case "lead.status":
      return `${t(statusKey(str(facts, "from")))} → ${t(statusKey(str(facts, "to")))}`;
    case "lead.assign":
      return `${person(facts.from)} → ${person(facts.to)}`;
    case "lead.delete":
      return t(`kinds.${str(facts, "kind")}`);
    case "lead.export": {
      const filters = list(facts, "filters").map((filter) => {
        const [key, value] = filter.split("=");
        if (value === undefined) return t("leads.search");
        const shown = key === "kind" ? t(`kinds.${value}`) : key === "status" ? t(statusKey(value)) : key === "language" ? t(`siteLanguages.${value}`) : value;
        return `${t(`leads.${key}`)}: ${shown}`;
      });
      const count = t("audit.details.leads", { count: num(facts, "count") ?? 0 });
      return filters.length ? `${count}; ${filters.join(", ")}` : count;
    }
    case "outbox.send-again":
    case "outbox.discard":
      // The API's form the lead was sent to (contactForm, webAgencyRegistration, jobOffer).
      return t(`audit.details.forms.${str(facts, "kind")}`);
    case "user.create":
      return withVia(t("audit.details.userCreate", { email: str(facts, "email") ?? "", role: t(`roles.${str(facts, "role")}`) }));
    case "user.update": {
      const parts: string[] = [];
      const [name, language, role] = [list(facts, "name"), list(facts, "language"), list(facts, "role")];
      if (name.length === 2) parts.push(`${t("users.name")}: ${name[0]} → ${name[1]}`);
      if (language.length === 2) parts.push(`${t("language")}: ${t(`languages.${language[0]}`)} → ${t(`languages.${language[1]}`)}`);
      if (role.length === 2) parts.push(`${t("users.role")}: ${t(`roles.${role[0]}`)} → ${t(`roles.${role[1]}`)}`);
      if (typeof facts.notificationAdmin === "boolean") {
        parts.push(t(facts.notificationAdmin ? "audit.details.notificationAdminGranted" : "audit.details.notificationAdminWithdrawn"));
      }
      if (typeof facts.disabled === "boolean") parts.push(t(facts.disabled ? "audit.details.disabled" : "audit.details.enabled"));
      return parts.join("; ");
    }
    case "push.send":
      return t("audit.details.pushSend", { count: num(facts, "recipients") ?? 0 });
    case "push.notice-request":
    case "push.notice-reject":
      return t(`siteLanguages.${str(facts, "language")}`);
    case "push.notice-approve":
      return `${t(`siteLanguages.${str(facts, "language")}`)}; ${t("audit.details.pushSend", { count: num(facts, "recipients") ?? 0 })}`;
    case "session.end-all":
      return t("audit.details.sessionsEnded", { count: num(facts, "sessions") ?? 0 });
    case "lead.handover":
      return t("audit.details.handedOver", { count: num(facts, "leads") ?? 0, to: person(facts.to) });
    case "user.two-factor": {
      const change = str(facts, "change");
      const keys: Record<string, string> = {
        enrolled: "audit.details.twoFactorEnrolled",
        disabled: "audit.details.twoFactorDisabled",
        reset: "audit.details.twoFactorReset",
      };
      return t(keys[change ?? ""] ?? "audit.details.twoFactorRecoveryCodes");
    }
    case "user.password":
      return withVia(t(facts.reset === true ? "audit.details.passwordReset" : "audit.details.passwordChanged"));
    case "settings.update": {
      const fields = list(facts, "fields").map((path) => {
        const [group, key] = path.split(".");
        if (group === "whatsapp" && key) return `${t("settings.whatsapp")}: ${t(`siteLanguages.${key}`)}`;
        if (group === "social" && key) return NETWORKS[key] ?? key;
        // The alerts and two-factor choices are forms of their own on the settings page, named by their titles.
        if (group === "alerts" || group === "twoFactor") return t(`settings.${group}.title`);
        return t(`settings.${group}`);
      });
      return fields.length ? and(fields) : t("audit.details.noChange");
    }
    case "content.publish":
    case "content.unpublish":
    case "content.file": {
      const languages = list(facts, "languages").map((code) => t(`siteLanguages.${code}`));
      return languages.length ? and(languages) : t("audit.details.noLanguage");
    }
    case "content.restore":
      return t("audit.details.version", { version: num(facts, "version") ?? 0 });
    case "patient.merge":
      return t("audit.details.patientMerged", { id: num(facts, "from") ?? 0, count: num(facts, "count") ?? 0 });
    case "patient.dismiss":
      return t("audit.details.patientNotSame", { id: num(facts, "other") ?? 0 });
    case "patient.export":
    case "patient.delete":
      return t("audit.details.leads", { count: num(facts, "count") ?? 0 });
    case "image.upload":
      return `${num(facts, "width")} × ${num(facts, "height")} px${facts.again === true ? `; ${t("audit.details.sentAgain")}` : ""}`;
    default:
      return "";
  }
}

/** The detail cell: the reader's words, or the API's English note for an entry without facts. */
export function auditDetail(entry: Entry, reader: AuditReader): { text: string; lang: string | null } {
  const words = factWords(entry, reader);
  return words === null ? { text: entry.detail ?? "", lang: entry.detail ? "en" : null } : { text: words, lang: null };
}

/** What an entry was done to, named, and where the reader may open it (when their role lets them). */
export function auditTarget(target: string | null, { t, people, permissions }: AuditReader): { label: string; href: string | null } | null {
  if (!target) return null;
  const [scope, id = ""] = target.split(/:(.*)/s);
  const numeric = /^\d{1,12}$/.test(id) ? Number(id) : null;
  const may = (permission: Permission, href: string) => (permissions.has(permission) ? href : null);
  if (scope === "lead" && numeric !== null) return { label: t("audit.targets.lead", { id: numeric }), href: may("read:lead", `/admin/leads/${numeric}`) };
  if (scope === "user" && numeric !== null) {
    return { label: people.get(numeric) ?? t("audit.targets.user", { id: numeric }), href: may("read:user", `/admin/users/${numeric}`) };
  }
  if (scope === "settings") return { label: t("menu.settings"), href: may("read:settings", "/admin/settings") };
  if (scope === "outbox") return { label: t("audit.targets.outbox", { id }), href: may("read:outbox", "/admin/delivery") };
  if (scope === "image") return { label: t("audit.targets.image"), href: null };
  if (scope === "patient" && numeric !== null)
    return { label: t("audit.targets.patient", { id: numeric }), href: may("write:lead", `/admin/customers/${numeric}`) };
  const kind = ContentKindSchema.safeParse(scope);
  if (kind.success && numeric !== null) {
    return {
      label: t("audit.targets.content", { kind: t(`content.kindsOne.${kind.data}`), id: numeric }),
      href: may("read:content", contentPath(kind.data, numeric)),
    };
  }
  return { label: target, href: null };
}

/** The action in words; an action this back office does not know yet, as the API wrote it. */
export const auditActionWords = (action: string, key: string | null, t: T) => (key ? t(`audit.actions.${key}`) : action);
