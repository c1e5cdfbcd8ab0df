import express from "express";
import { MailDigestRequestSchema, type MailDigest } from "../../app/lib/platform/api/mail-contract";
import type { StaffLanguage } from "../../app/lib/platform/api/admin-contract";
import { CLOSED } from "../admin/lead-views";
import { item, parseOr400 } from "../http";
import type { StaffServices } from "../staff-services";

type Recipient = MailDigest["recipients"][number];

/** A day's answer is kept this long: a retry comes within the day; older rows only name staff addresses. */
const KEEP_DAYS = 60;

/**
 * POST mailDigests (client token): who has overdue follow-ups on a clinic day, as counts. Each enabled
 * staff member with overdue leads assigned to them; the owners also hear of overdue leads nobody who
 * can sign in has. The first claim takes the day (mail_digests), so one digest is made per day however
 * many instances ask.
 */
export function createOverdueDigestRouter(services: StaffServices) {
  const { db, clock } = services;
  const router = express.Router();
  const kept = db.prepare("SELECT claim, recipients FROM mail_digests WHERE day = ?");
  const keep = db.prepare("INSERT INTO mail_digests (day, claim, recipients, created_at) VALUES (?, ?, ?, ?)");
  const forgetOld = db.prepare("DELETE FROM mail_digests WHERE day < ?");
  const closed = CLOSED.map(() => "?").join(", ");
  // A lead assigned to a disabled account counts as nobody's (handing over normally moves them).
  const overdueByAssignee = db.prepare(
    `SELECT u.id AS id, COUNT(*) AS overdue FROM leads l LEFT JOIN users u ON u.id = l.assignee_id AND u.disabled = 0
      WHERE l.follow_up_on < ? AND l.status NOT IN (${closed}) GROUP BY u.id`,
  );
  const staff = db.prepare("SELECT id, email, language, role FROM users WHERE disabled = 0 ORDER BY id");

  function recipientsOn(day: string): Recipient[] {
    const counts = overdueByAssignee.all(day, ...CLOSED) as { id: number | null; overdue: number }[];
    const unassigned = counts.find((row) => row.id === null)?.overdue ?? 0;
    const mine = new Map(counts.filter((row) => row.id !== null).map((row) => [row.id, row.overdue]));
    const people = staff.all() as { id: number; email: string; language: StaffLanguage; role: string }[];
    return people
      .map((person) => ({
        id: person.id,
        email: person.email,
        language: person.language,
        overdue: mine.get(person.id) ?? 0,
        unassigned: person.role === "owner" ? unassigned : 0,
      }))
      .filter((person) => person.overdue > 0 || person.unassigned > 0);
  }

  router.post("/mailDigests", express.json({ limit: "4kb" }), (req, res) => {
    const body = parseOr400(MailDigestRequestSchema, req.body, res);
    if (!body) return;
    const answer = db.transaction((): MailDigest => {
      const row = kept.get(body.day) as { claim: string; recipients: string } | undefined;
      if (row) return row.claim === body.claim ? { mine: true, recipients: JSON.parse(row.recipients) as Recipient[] } : { mine: false, recipients: [] };
      const recipients = recipientsOn(body.day);
      const now = new Date(clock());
      keep.run(body.day, body.claim, JSON.stringify(recipients), now.toISOString());
      forgetOld.run(new Date(now.getTime() - KEEP_DAYS * 86_400_000).toISOString().slice(0, 10));
      return { mine: true, recipients };
    })();
    res.json(item(answer));
  });
  return router;
}
