import { clinicToday } from "~/lib/admin/clinic-day";
import { CLINIC_TIME_ZONE } from "~/lib/admin/staff-time";
import { requestContext, type Logger } from "~/lib/platform/logger.server";

const MINUTE_MS = 60_000;
const DAY_MINUTES = 24 * 60;
/** However far the next digest is, the schedule looks again within this: a clock set forward or a sleeping host catch up. */
const LOOK_AT_LEAST_EVERY_MS = 60 * MINUTE_MS;
/** After the outbox could not store the day's job (a full disk, a database down), it tries again this soon. */
const RETRY_MS = MINUTE_MS;

const clock = new Intl.DateTimeFormat("en-GB", { timeZone: CLINIC_TIME_ZONE, hour: "2-digit", minute: "2-digit", hourCycle: "h23" });

/** Minutes past midnight on the clinic's clock at an instant. */
export function clinicMinutes(at: Date): number {
  const parts = clock.formatToParts(at);
  const part = (type: "hour" | "minute") => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return part("hour") * 60 + part("minute");
}

/** `HH:MM` as minutes past midnight. */
export const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/**
 * At an instant: the clinic day whose digest is due (today's once its time has come, else none), and
 * how long to wait before looking again (until the next digest time, at most an hour).
 */
export function digestDue(at: Date, digestMinutes: number): { day: string | null; waitMs: number } {
  const now = clinicMinutes(at);
  const day = now >= digestMinutes ? clinicToday(at) : null;
  const minutesAhead = (digestMinutes - now + DAY_MINUTES) % DAY_MINUTES || DAY_MINUTES;
  const untilNext = minutesAhead * MINUTE_MS - (at.getTime() % MINUTE_MS);
  return { day, waitMs: Math.max(1_000, Math.min(untilNext, LOOK_AT_LEAST_EVERY_MS)) };
}

/**
 * Every instance runs this: once the day's time has come it stores that day's digest job, which
 * the outbox keeps once (its id is the day), and the API hands the day to one claimant, so the
 * digest is made once a day however many instances run and however often they restart.
 */
export function createDigestSchedule(options: { at: string; enqueue: (day: string) => Promise<boolean>; logger: Logger; now?: () => Date }) {
  const { logger } = options;
  const now = options.now ?? (() => new Date());
  const digestMinutes = options.at === "off" ? null : minutesOf(options.at);
  let timer: NodeJS.Timeout | null = null;
  let storedDay: string | null = null;
  let stopped = false;

  async function look() {
    if (digestMinutes === null || stopped) return;
    const { day, waitMs } = digestDue(now(), digestMinutes);
    let wait = waitMs;
    if (day && day !== storedDay) {
      try {
        const created = await options.enqueue(day);
        storedDay = day;
        if (created) logger.info({ day }, "mail: overdue digest job stored");
      } catch (error) {
        wait = Math.min(wait, RETRY_MS);
        logger.error({ day, err: error instanceof Error ? error.message : String(error) }, "mail: could not store the overdue digest job");
      }
    }
    if (stopped) return;
    timer = setTimeout(() => requestContext.run({ requestId: "digest-schedule", background: true }, () => void look()), wait);
    timer.unref();
  }

  return {
    start() {
      stopped = false;
      void look();
    },
    stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
    },
  };
}
