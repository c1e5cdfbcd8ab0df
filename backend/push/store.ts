import {
  PUSH_SOURCES,
  type PushMessage,
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
  const audienceCount = (source: PushSourceId, languages: readonly LanguageCode[]) => count.get(bit(source), JSON.stringify(languages)) as number;

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
    create(input: PushNotificationCreate, authorId: number): PushNotification {
      const recipients = audienceCount(input.source, Object.keys(input.messages) as LanguageCode[]);
      const id = Number(insertNotification.run(iso(), authorId, input.source, null, JSON.stringify(input.messages), recipients).lastInsertRowid);
      return toNotification(notifications.get(id, id, 1) as NotificationRow);
    },
    history: (limit: number) => (notifications.all(null, null, limit) as NotificationRow[]).map(toNotification),
    /** How one browser's message ended; false for an unknown notification. A browser that failed for good is removed elsewhere (unsubscribe). */
    report(notificationId: number, subscriptionId: number, outcome: "delivered" | "failed") {
      if (!exists.get(notificationId)) return false;
      result.run(notificationId, subscriptionId, outcome);
      return true;
    },
    removeId: (id: number) => removeId.run(id).changes > 0,
  };
}
export type PushStore = ReturnType<typeof createPushStore>;
