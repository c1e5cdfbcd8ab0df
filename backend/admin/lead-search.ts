import { fold } from "../../app/lib/forms/text-search";
import type { Db } from "../db";

/*
 * The inbox's search (the `q` of admin/leads and its export). Each lead keeps a folded copy of what
 * a coordinator searches by, `leads.search_text`, written by triggers whenever a lead is stored or
 * its payload changes (db.ts), so no way of storing a lead can forget it; a search is folded the
 * same way (the one `fold` the pick lists use) and matched with instr(), which compares characters
 * as they are. That is what makes `ольга` find `ОЛЬГА`, `isil` find `Işıl` and `احمد` find `أحمد`:
 * SQLite's LIKE folds case for ASCII letters only. The copy lives in the lead's own row, so erasing
 * the lead erases it (ADR 030).
 */

/** What is searched: names, the contact person, the e-mail, the message and its subject. */
const SEARCHED = ["name", "contactPerson", "organisation", "email", "subject", "message"] as const;

/** Arabic-Indic and Persian digits as the ASCII digits a phone is stored with. */
const asciiDigits = (text: string) => text.replace(/[\u0660-\u0669\u06f0-\u06f9]/g, (d) => String(d.charCodeAt(0) & 0xf));

/** A phone's digits without its leading zeros: "+90 532…", "0090 532…" and "0532…" all contain "532…". */
const phoneDigits = (text: string) => asciiDigits(text).replace(/\D/g, "").replace(/^0+/, "");

/**
 * A lead's search text: each field folded on a line of its own (a search never spans two fields,
 * since fold turns a typed line break into a space), then the phone's digits.
 */
export function leadSearchText(payload: string): string {
  let stored: Record<string, unknown>;
  try {
    stored = JSON.parse(payload) as Record<string, unknown>;
  } catch {
    return "";
  }
  const lines = SEARCHED.flatMap((key) => (typeof stored[key] === "string" ? [fold(stored[key])] : []));
  if (typeof stored.phone === "string") lines.push(phoneDigits(stored.phone));
  return lines.join("\n");
}

/** Registered on every connection before migrating: the triggers and the back-fill call it. */
export function registerLeadSearchText(db: Db) {
  db.function("lead_search_text", { deterministic: true }, (payload: unknown) => (typeof payload === "string" ? leadSearchText(payload) : ""));
}

/**
 * The SQL condition for a search: every word of it (folded) somewhere in the lead's search text.
 * A search made only of what phone numbers are written with (digits, spaces, +, dashes, dots,
 * brackets) is a phone number, matched by its digits however it was typed.
 */
export function searchCondition(q: string): { sql: string; params: string[] } | null {
  const folded = fold(asciiDigits(q));
  if (!folded) return null;
  const digits = phoneDigits(folded);
  if (/^[+\d\s().\/-]+$/.test(folded) && digits.length >= 3) return { sql: "instr(l.search_text, ?) > 0", params: [digits] };
  const words = [...new Set(folded.split(" "))];
  return { sql: words.map(() => "instr(l.search_text, ?) > 0").join(" AND "), params: words };
}
