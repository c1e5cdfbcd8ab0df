import webpush from "web-push";
import { z } from "zod";
import type { ApiClient } from "~/lib/platform/api/client.server";
import { LanguageCodeSchema } from "~/lib/platform/api/contract";
import {
  MAX_PUSH_PAGE,
  PushEndpointSchema,
  PushKeysSchema,
  PushMessageSchema,
  PushRecipientsSchema,
  PushRemoveAnswerSchema,
  PushResultAnswerSchema,
  PushSourceIdSchema,
  PushSubscribeAnswerSchema,
  type PushNotification,
  type PushSubscribeRequest,
} from "~/lib/platform/api/push-contract";
import type { Logger } from "~/lib/platform/logger.server";
import type { Outbox, OutboxJobs } from "~/lib/platform/outbox/outbox.server";
import { pushEndpointAllowed } from "~/lib/push/push-endpoint";
import type { Vapid } from "~/lib/push/vapid.server";

/** How long a push service keeps a message for a browser that is offline: a day, then it is old news. */
const TTL_SECONDS = 24 * 3600;
/** A push service that keeps failing (5xx, 429, no answer) is tried this often, then the message counts as failed. */
const PUSH_ATTEMPTS = 6;
const SEND_TIMEOUT_MS = 10_000;

const FanoutSchema = z.object({
  notificationId: z.number().int().positive(),
  source: PushSourceIdSchema,
  messages: z.record(LanguageCodeSchema, PushMessageSchema),
});
const PushJobSchema = PushMessageSchema.extend({
  notificationId: z.number().int().positive(),
  subscriptionId: z.number().int().positive(),
  source: PushSourceIdSchema,
  lang: LanguageCodeSchema,
  endpoint: PushEndpointSchema,
  keys: PushKeysSchema,
});

/** A notification's fan-out job: made once per notification (its id is its idempotency key). */
export const fanoutJobId = (notificationId: number) => `push-fanout:${notificationId}`;

export interface PushJobsOptions {
  outbox: Pick<Outbox, "enqueueJob">;
  api: Pick<ApiClient, "getJson" | "postJson">;
  vapid: Vapid;
  /** PUSH_LOOPBACK_ENDPOINTS: a test's receiver at http://127.0.0.1 (push-endpoint.ts). */
  allowLoopback: boolean;
  logger: Logger;
}

/**
 * Web push through the outbox (ADR 058): a notification becomes one job per subscribed browser,
 * each encrypted for that browser (aes128gcm, by web-push) and posted to its push service with the
 * source as the Topic, so a newer message of the same source replaces one still undelivered. A
 * browser whose push service answers 404 or 410 has gone: its subscription is removed.
 */
export function createPushJobs(options: PushJobsOptions) {
  const { outbox, api, vapid, allowLoopback, logger } = options;

  const report = (notificationId: number, subscriptionId: number, outcome: "delivered" | "failed") =>
    api.postJson(`push-notifications/${notificationId}/results`, { subscriptionId, outcome }, PushResultAnswerSchema);

  async function pushFanout(row: { payload: string }) {
    const job = FanoutSchema.parse(JSON.parse(row.payload));
    for (const [lang, message] of Object.entries(job.messages)) {
      let after = 0;
      for (;;) {
        const page = await api.getJson("push-subscriptions", { source: job.source, language: lang, after, limit: MAX_PUSH_PAGE }, PushRecipientsSchema);
        for (const browser of page.result.data) {
          await outbox.enqueueJob({
            id: `push:${job.notificationId}:${browser.id}`,
            kind: "push",
            lang: browser.language,
            payload: {
              ...message,
              notificationId: job.notificationId,
              subscriptionId: browser.id,
              source: job.source,
              lang,
              endpoint: browser.endpoint,
              keys: browser.keys,
            },
          });
        }
        if (page.result.data.length < MAX_PUSH_PAGE) break;
        after = page.result.data.at(-1)!.id;
      }
    }
  }

  async function push(row: { payload: string }, attempts: number): Promise<"sent" | "failed"> {
    const job = PushJobSchema.parse(JSON.parse(row.payload));
    const failed = async (why: string) => {
      await report(job.notificationId, job.subscriptionId, "failed");
      logger.warn({ notification: job.notificationId, subscription: job.subscriptionId, why }, "push: message not delivered");
      return "failed" as const;
    };
    if (!pushEndpointAllowed(job.endpoint, allowLoopback)) return failed("endpoint not at a known push service");
    // The tag makes a second copy (a retry after a lost report) replace the first on the screen.
    const payload = JSON.stringify({ title: job.title, body: job.body, url: job.link, lang: job.lang, tag: `push-${job.notificationId}` });
    const request = webpush.generateRequestDetails({ endpoint: job.endpoint, keys: job.keys }, payload, {
      vapidDetails: vapid,
      TTL: TTL_SECONDS,
      topic: `source-${job.source}`,
      urgency: "normal",
      contentEncoding: "aes128gcm",
    });
    let status: number;
    try {
      // Not web-push's own sender: this one has a timeout, follows no redirect and reads no answer.
      const answer = await fetch(request.endpoint, {
        method: request.method,
        // fetch sets the length from the body itself, and refuses one given as a number.
        headers: Object.fromEntries(
          Object.entries(request.headers)
            .filter(([name]) => name.toLowerCase() !== "content-length")
            .map(([n, v]) => [n, String(v)]),
        ),
        body: request.body ? new Uint8Array(request.body) : null,
        redirect: "manual",
        signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
      });
      await answer.body?.cancel();
      status = answer.status;
    } catch (error) {
      // fetch's own message is "fetch failed"; why is in its cause (refused, timed out, reset).
      const cause = error instanceof Error && error.cause instanceof Error ? error.cause.message : null;
      const why = error instanceof Error ? (cause ? `${error.message}: ${cause}` : error.message) : "no answer";
      if (attempts + 1 >= PUSH_ATTEMPTS) return failed(why);
      throw new Error(why);
    }
    if (status >= 200 && status < 300) {
      await report(job.notificationId, job.subscriptionId, "delivered");
      return "sent";
    }
    if (status === 404 || status === 410) {
      await api.postJson("push-subscriptions/remove", { endpoint: job.endpoint }, PushRemoveAnswerSchema);
      return failed(`push service answered ${status}: subscription removed`);
    }
    if ((status === 429 || status >= 500) && attempts + 1 < PUSH_ATTEMPTS) throw new Error(`push service answered ${status}`);
    return failed(`push service answered ${status}`);
  }

  return {
    jobs: { pushFanout, push } satisfies Pick<OutboxJobs, "pushFanout" | "push">,
    /** The public key browsers subscribe with. */
    publicKey: vapid.publicKey,
    allowLoopback,
    /** Stores a browser's subscription at the API (the same endpoint again replaces it). */
    subscribe: (request: PushSubscribeRequest) => api.postJson("push-subscriptions", request, PushSubscribeAnswerSchema),
    unsubscribe: (endpoint: string) => api.postJson("push-subscriptions/remove", { endpoint }, PushRemoveAnswerSchema),
    /** Queues a notification the API just recorded: its fan-out runs in the outbox. */
    enqueue: (notification: PushNotification) =>
      outbox.enqueueJob({
        id: fanoutJobId(notification.id),
        kind: "pushFanout",
        lang: "en",
        payload: { notificationId: notification.id, source: notification.source, messages: notification.messages },
      }),
  };
}
export type PushJobs = ReturnType<typeof createPushJobs>;
