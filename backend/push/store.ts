import {
  PUSH_SOURCES,
  type PushMessage,
  type PushNotice,
  type PushNoticeRequest,
  type PushNotification,
  type PushNotificationCreate,
  type PushRecipient,
  type PushSourceId,
  type PushSubscribeRequest,
} from "../../app/lib/platform/api/push-contract";
import type { Lang as LanguageCode } from "../../app/lib/platform/api/content-contract";
import { LANGUAGE_CODES } from "../../app/lib/platform/api/contract";
import type { Db } from "../db";

/** A source's bit in a subscription's `sources`. */
const bit = (source: PushSourceId) => 1 << (source - 1);
const bitsOf = (sources: readonly PushSourceId[]) => sources.reduce((bits, source) => bits | bit(source), 0);

type NotificationRow = {
  id: number;
  created_at: string;
  author: string | null;
  source: PushSourceId;
  messages: string;
  recipients: number;
  delivered: number;
  failed: number;
};

type NoticeRow = {
  id: number;
  created_at: string;
  requested_by: string | null;
  kind: PushNotice["kind"];
  item_id: number;
  language: LanguageCode;
  message: string;
  status: PushNotice["status"];
  decided_by: string | null;
  decided_at: string | null;
  notification_id: number | null;
};

/** What a decision on a notice came to: done (now or before), unknown, or already decided the other way. */
export type NoticeDecision<T> = { ok: true; value: T } | { ok: false; status: 404 | 409 | 422 };

/** "New discovery" notices come from this source (ADR 059). */
const NOTICE_SOURCE: PushSourceId = 3;

/** Browsers' push subscriptions, the notifications sent to them and how each ended (ADR 058). */
export function createPushStore(db: Db, clock: () => number) {
  const iso = () => new Date(clock()).toISOString();
  const upsert = db.prepare(
    `INSERT INTO push_subscriptions (endpoint, p256dh, auth, language, sources, created_at) VALUES (?, ?, ?, ?, ?, ?)
     ON CONFLICT (endpoint) DO UPDATE SET p256dh = excluded.p256dh, auth = excluded.auth, language = excluded.language, sources = excluded.sources
     RETURNING id`,
  );
  const remove = db.prepare("DELETE FROM push_subscriptions WHERE endpoint = ?");
  const removeId = db.prepare("DELETE FROM push_subscriptions WHERE id = ?");
  const page = db.prepare(
    `SELECT id, endpoint, p256dh, auth, language FROM push_subscriptions
     WHERE (sources & ?) <> 0 AND (? IS NULL OR language = ?) AND id > ? ORDER BY id LIMIT ?`,
  );
  const count = db.prepare("SELECT COUNT(*) FROM push_subscriptions WHERE (sources & ?) <> 0 AND language IN (SELECT value FROM json_each(?))").pluck();
  const insertNotification = db.prepare(
    "INSERT INTO push_notifications (created_at, author_id, source, language, messages, recipients) VALUES (?, ?, ?, ?, ?, ?)",
  );
  const notifications = db.prepare(
    `SELECT n.id, n.created_at, u.name AS author, n.source, n.messages, n.recipients,
       (SELECT COUNT(*) FROM push_results r WHERE r.notification_id = n.id AND r.outcome = 'delivered') AS delivered,
       (SELECT COUNT(*) FROM push_results r WHERE r.notification_id = n.id AND r.outcome = 'failed') AS failed
     FROM push_notifications n LEFT JOIN users u ON u.id = n.author_id WHERE (? IS NULL OR n.id = ?) ORDER BY n.id DESC LIMIT ?`,
  );
  const exists = db.prepare("SELECT 1 FROM push_notifications WHERE id = ?").pluck();
  const result = db.prepare("INSERT OR IGNORE INTO push_results (notification_id, subscription_id, outcome) VALUES (?, ?, ?)");
  const noticeSelect = `SELECT n.id, n.created_at, r.name AS requested_by, n.kind, n.item_id, n.language, n.message, n.status, d.name AS decided_by,
       n.decided_at, n.notification_id
     FROM push_notices n LEFT JOIN users r ON r.id = n.requested_by LEFT JOIN users d ON d.id = n.decided_by`;
  const noticeById = db.prepare(`${noticeSelect} WHERE n.id = ?`);
  const pendingNotices = db.prepare(`${noticeSelect} WHERE n.status = 'pending' ORDER BY n.id LIMIT ?`);
  const pendingOf = db.prepare("SELECT id FROM push_notices WHERE kind = ? AND item_id = ? AND language = ? AND status = 'pending'").pluck();
  const insertNotice = db.prepare("INSERT INTO push_notices (created_at, requested_by, kind, item_id, language, message) VALUES (?, ?, ?, ?, ?, ?)");
  const isPublic = db.prepare("SELECT 1 FROM content_texts WHERE kind = ? AND id = ? AND lang = ? AND published = 1").pluck();
  const renewNotice = db.prepare("UPDATE push_notices SET message = ? WHERE id = ?");
  const decideNotice = db.prepare(
    "UPDATE push_notices SET status = ?, message = ?, decided_by = ?, decided_at = ?, notification_id = ? WHERE id = ? AND status = 'pending'",
  );

  const toNotification = (row: NotificationRow): PushNotification => ({
    id: row.id,
    createdAt: row.created_at,
    author: row.author,
    source: row.source,
    messages: JSON.parse(row.messages) as Partial<Record<LanguageCode, PushMessage>>,
    recipients: row.recipients,
    delivered: row.delivered,
    failed: row.failed,
  });
  const toNotice = (row: NoticeRow): PushNotice => ({
    id: row.id,
    createdAt: row.created_at,
    requestedBy: row.requested_by,
    kind: row.kind,
    itemId: row.item_id,
    language: row.language,
    message: JSON.parse(row.message) as PushMessage,
    status: row.status,
    decidedBy: row.decided_by,
    decidedAt: row.decided_at,
    notificationId: row.notification_id,
    recipients: audienceCount(NOTICE_SOURCE, [row.language]),
  });
  const notice = (id: number) => {
    const row = noticeById.get(id) as NoticeRow | undefined;
    return row ? toNotice(row) : null;
  };
  const notificationOf = (id: number) => toNotification(notifications.get(id, id, 1) as NotificationRow);
  function create(input: PushNotificationCreate, authorId: number): PushNotification {
    const recipients = audienceCount(input.source, Object.keys(input.messages) as LanguageCode[]);
    const id = Number(insertNotification.run(iso(), authorId, input.source, null, JSON.stringify(input.messages), recipients).lastInsertRowid);
    return notificationOf(id);
  }
  function audienceCount(source: PushSourceId, languages: readonly LanguageCode[]) {
    return count.get(bit(source), JSON.stringify(languages)) as number;
  }

  return {
    subscribe(request: PushSubscribeRequest): number {
      const id = upsert.pluck().get(request.endpoint, request.keys.p256dh, request.keys.auth, request.language, bitsOf(request.sources), iso());
      return id as number;
    },
    unsubscribe: (endpoint: string) => remove.run(endpoint).changes > 0,
    recipients(source: PushSourceId, language: LanguageCode | null, after: number, limit: number): PushRecipient[] {
      const rows = page.all(bit(source), language, language, after, limit) as {
        id: number;
        endpoint: string;
        p256dh: string;
        auth: string;
        language: LanguageCode;
      }[];
      return rows.map(({ id, endpoint, p256dh, auth, language: lang }) => ({ id, endpoint, keys: { p256dh, auth }, language: lang }));
    },
    audienceCount,
    sources: () => PUSH_SOURCES.map(({ id, name }) => ({ id, name, subscribers: audienceCount(id, LANGUAGE_CODES) })),
    /** A notification as sent now: its audience counted at this moment. */
    create,
    history: (limit: number) => (notifications.all(null, null, limit) as NotificationRow[]).map(toNotification),
    /** How one browser's message ended; false for an unknown notification. A browser that failed for good is removed elsewhere (unsubscribe). */
    report(notificationId: number, subscriptionId: number, outcome: "delivered" | "failed") {
      if (!exists.get(notificationId)) return false;
      result.run(notificationId, subscriptionId, outcome);
      return true;
    },
    removeId: (id: number) => removeId.run(id).changes > 0,
    /**
     * An editor's ask: a new pending notice, or the item's pending one in that language with the
     * newer message (never a second). Only for an item public in that language (422 otherwise).
     */
    requestNotice: db.transaction((input: PushNoticeRequest, requesterId: number): NoticeDecision<{ notice: PushNotice; created: boolean }> => {
      if (!isPublic.get(input.kind, input.itemId, input.language)) return { ok: false, status: 422 };
      const message = JSON.stringify(input.message);
      const pending = pendingOf.get(input.kind, input.itemId, input.language) as number | undefined;
      if (pending !== undefined) {
        renewNotice.run(message, pending);
        return { ok: true, value: { notice: notice(pending)!, created: false } };
      }
      const id = Number(insertNotice.run(iso(), requesterId, input.kind, input.itemId, input.language, message).lastInsertRowid);
      return { ok: true, value: { notice: notice(id)!, created: true } };
    }),
    pendingNotices: (limit: number) => (pendingNotices.all(limit) as NoticeRow[]).map(toNotice),
    /**
     * Approves a pending notice: it becomes a notification of source 3 in its language, with the
     * message as the notification admin left it. One already approved answers its notification
     * again (created false), so a repeated approve is harmless; a rejected one is a 409.
     */
    approveNotice: db.transaction(
      (
        id: number,
        edited: Pick<PushMessage, "title" | "body">,
        deciderId: number,
      ): NoticeDecision<{ notice: PushNotice; notification: PushNotification; created: boolean }> => {
        const found = notice(id);
        if (!found) return { ok: false, status: 404 };
        if (found.status === "approved" && found.notificationId !== null) {
          return { ok: true, value: { notice: found, notification: notificationOf(found.notificationId), created: false } };
        }
        if (found.status !== "pending") return { ok: false, status: 409 };
        const message: PushMessage = { ...found.message, title: edited.title, body: edited.body };
        const notification = create({ source: NOTICE_SOURCE, messages: { [found.language]: message } }, deciderId);
        decideNotice.run("approved", JSON.stringify(message), deciderId, iso(), notification.id, id);
        return { ok: true, value: { notice: notice(id)!, notification, created: true } };
      },
    ),
    /** Rejects a pending notice; one rejected before is answered as it is, an approved one is a 409. */
    rejectNotice: db.transaction((id: number, deciderId: number): NoticeDecision<{ notice: PushNotice; created: boolean }> => {
      const found = notice(id);
      if (!found) return { ok: false, status: 404 };
      if (found.status === "rejected") return { ok: true, value: { notice: found, created: false } };
      if (found.status !== "pending") return { ok: false, status: 409 };
      decideNotice.run("rejected", JSON.stringify(found.message), deciderId, iso(), null, id);
      return { ok: true, value: { notice: notice(id)!, created: true } };
    }),
  };
}
export type PushStore = ReturnType<typeof createPushStore>;
