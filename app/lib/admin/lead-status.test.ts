import { expect, test } from "vitest";
import en from "../../../locales/en/admin.json";
import tr from "../../../locales/tr/admin.json";
import { auditDetail } from "~/lib/admin/audit-words";

/** The locale's own words for a key (no interpolation needed here). */
const lookup = (dict: object) => (key: string | string[]) =>
  String(
    [key]
      .flat()[0]
      .split(".")
      .reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], dict) ?? key,
  );

test("an audit entry written before the pipeline (in_progress, won) reads as the stages they became, in English and Turkish", () => {
  const entry = {
    id: 1,
    at: "2026-11-01T09:00:00.000Z",
    actor: null,
    action: "lead.status",
    target: "lead:1",
    detail: "in_progress → won",
    facts: { from: "in_progress", to: "won" },
  };
  const reader = (dict: object, lang: string) => ({ t: lookup(dict), lang, people: new Map(), permissions: new Set<never>() });
  expect(auditDetail(entry, reader(en, "en")).text).toBe("Contacted → Booked");
  expect(auditDetail(entry, reader(tr, "tr")).text).toBe("İletişime geçildi → Randevu alındı");
});
