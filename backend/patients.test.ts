import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, test } from "vitest";
import { openSqlite } from "../app/lib/platform/sqlite.server";
import { emailKey, phoneKey } from "./admin/patient-keys";
import { migrate } from "./db";

const payload = (fields: Record<string, unknown>) => JSON.stringify(fields);

test("one person's e-mail in any case and phone in any formatting give the same keys; another number does not", () => {
  expect(emailKey(payload({ email: "  Zeynep.Kaya@Example.COM " }))).toBe(emailKey(payload({ email: "zeynep.kaya@example.com" })));
  expect(phoneKey(payload({ phone: "+90 532 123 45 67" }))).toBe("905321234567");
  expect(phoneKey(payload({ phone: "+90 (532) 123-45-67" }))).toBe("905321234567");
  expect(phoneKey(payload({ phone: "+905321234567" }))).toBe("905321234567");
  expect(phoneKey(payload({ phone: "+905321234568" }))).not.toBe("905321234567");
  expect([emailKey(payload({})), phoneKey(payload({ phone: "" })), emailKey("not json")]).toEqual([null, null, null]);
});

test("a lead stored without a patient starts its own, with its keys; one stored for a patient joins it; leads stored before the migration are one patient each", () => {
  const db = openSqlite(join(mkdtempSync(join(tmpdir(), "remed-patients-")), "backend.sqlite"));
  // The schema just before the patients' migration, with a lead stored then.
  const before = db.prepare("SELECT COUNT(*) FROM sqlite_master WHERE name = 'patients'").pluck();
  // Migrations one at a time until the one that makes patients has run; then it is undone by hand.
  let done = 0;
  while (before.get() === 0) migrate(db, ++done);
  db.exec("DROP TABLE patients; DROP TABLE patient_dismissals; DROP TRIGGER leads_patient_insert; DROP TRIGGER leads_patient_keys_update");
  db.exec("DROP INDEX leads_patient; DROP INDEX leads_email_key; DROP INDEX leads_phone_key");
  db.exec("ALTER TABLE leads DROP COLUMN patient_id; ALTER TABLE leads DROP COLUMN email_key; ALTER TABLE leads DROP COLUMN phone_key");
  db.pragma(`user_version = ${done - 1}`);
  const insert = db.prepare("INSERT INTO leads (kind, received_at, payload) VALUES ('contactForm', ?, ?)");
  const old = Number(insert.run("2026-11-01T10:00:00.000Z", payload({ email: "Old@Example.org", phone: "+90 532 111 22 33" })).lastInsertRowid);
  migrate(db);
  const row = db.prepare("SELECT patient_id AS patient, email_key AS email, phone_key AS phone FROM leads WHERE id = ?");
  expect(row.get(old)).toEqual({ patient: old, email: "old@example.org", phone: "905321112233" });

  const fresh = Number(insert.run("2026-11-02T10:00:00.000Z", payload({ email: "new@example.org" })).lastInsertRowid);
  const freshPatient = (row.get(fresh) as { patient: number }).patient;
  expect(freshPatient).not.toBe(old);
  expect(db.prepare("SELECT COUNT(*) FROM patients WHERE id = ?").pluck().get(freshPatient)).toBe(1);

  const joined = Number(
    db
      .prepare("INSERT INTO leads (kind, received_at, payload, patient_id) VALUES ('contactForm', ?, ?, ?)")
      .run("2026-11-03T10:00:00.000Z", payload({ email: "old@example.org" }), old).lastInsertRowid,
  );
  expect((row.get(joined) as { patient: number }).patient).toBe(old);
  expect(db.prepare("SELECT COUNT(*) FROM patients").pluck().get()).toBe(2);
  db.close();
});
