import { parsePhoneNumber } from "libphonenumber-js/min";
import type { Db } from "../db";

/*
 * What tells that two leads may be one person (ADR 048): the e-mail trimmed and lower-cased, and the
 * phone as the digits of its E.164 form, so "+90 532 123 45 67" and "+905321234567" are one key. The
 * keys live in the lead's own row (kept by triggers, db.ts), so erasing the lead erases them.
 */

const payloadOf = (payload: unknown): Record<string, unknown> | null => {
  if (typeof payload !== "string") return null;
  try {
    return JSON.parse(payload) as Record<string, unknown>;
  } catch {
    return null;
  }
};

export function emailKey(payload: unknown): string | null {
  const email = payloadOf(payload)?.email;
  return typeof email === "string" && email.trim() ? email.trim().toLowerCase() : null;
}

export function phoneKey(payload: unknown): string | null {
  const phone = payloadOf(payload)?.phone;
  if (typeof phone !== "string" || !phone.trim()) return null;
  let e164: string;
  try {
    e164 = parsePhoneNumber(phone.trim()).number;
  } catch {
    // A number the library cannot read (no "+" code) still matches the same digits typed again.
    e164 = phone;
  }
  const digits = e164.replace(/\D/g, "");
  return digits.length >= 6 ? digits : null;
}

/** Registered on every connection before migrating: the triggers and the back-fill call them. */
export function registerPatientKeys(db: Db) {
  db.function("lead_email_key", { deterministic: true }, emailKey);
  db.function("lead_phone_key", { deterministic: true }, phoneKey);
}

/**
 * Patients (ADR 048): every lead belongs to one; a lead stored without one starts its own (the
 * trigger), and leads stored before are one patient each, numbered as the lead. A dismissed
 * suggestion is a pair of patients, lower id first.
 */
export const PATIENTS_MIGRATION = `CREATE TABLE patients (id INTEGER PRIMARY KEY AUTOINCREMENT, created_at TEXT NOT NULL);
   CREATE TABLE patient_dismissals (low INTEGER NOT NULL, high INTEGER NOT NULL, at TEXT NOT NULL, PRIMARY KEY (low, high));
   ALTER TABLE leads ADD COLUMN patient_id INTEGER;
   ALTER TABLE leads ADD COLUMN email_key TEXT;
   ALTER TABLE leads ADD COLUMN phone_key TEXT;
   INSERT INTO patients (id, created_at) SELECT id, received_at FROM leads;
   UPDATE leads SET patient_id = id, email_key = lead_email_key(payload), phone_key = lead_phone_key(payload);
   CREATE INDEX leads_patient ON leads (patient_id, received_at);
   CREATE INDEX leads_email_key ON leads (email_key) WHERE email_key IS NOT NULL;
   CREATE INDEX leads_phone_key ON leads (phone_key) WHERE phone_key IS NOT NULL;
   CREATE TRIGGER leads_patient_insert AFTER INSERT ON leads BEGIN
     UPDATE leads SET email_key = lead_email_key(NEW.payload), phone_key = lead_phone_key(NEW.payload) WHERE id = NEW.id;
     INSERT INTO patients (created_at) SELECT NEW.received_at WHERE NEW.patient_id IS NULL;
     UPDATE leads SET patient_id = last_insert_rowid() WHERE id = NEW.id AND NEW.patient_id IS NULL;
   END;
   CREATE TRIGGER leads_patient_keys_update AFTER UPDATE OF payload ON leads BEGIN
     UPDATE leads SET email_key = lead_email_key(NEW.payload), phone_key = lead_phone_key(NEW.payload) WHERE id = NEW.id;
   END;`;
