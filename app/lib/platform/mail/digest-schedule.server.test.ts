import { describe, expect, test, vi } from "vitest";
import { createDigestSchedule, digestDue, minutesOf } from "~/lib/platform/mail/digest-schedule.server";
import { observers } from "../../../../tests/support/observers";

// Istanbul is UTC+3 all year: 08:00 there is 05:00 UTC.
describe("the daily digest's schedule, on the clinic's clock", () => {
  test("before the time nothing is due and the next look is at the time; from then on the clinic's day is due", () => {
    expect(digestDue(new Date("2026-11-29T04:59:00Z"), minutesOf("08:00"))).toEqual({ day: null, waitMs: 60_000 });
    expect(digestDue(new Date("2026-11-29T05:00:00Z"), minutesOf("08:00"))).toEqual({ day: "2026-11-29", waitMs: 3_600_000 });
    // 00:30 in Istanbul is still the 29th in UTC: the day is the clinic's.
    expect(digestDue(new Date("2026-11-29T21:30:00Z"), minutesOf("00:00")).day).toBe("2026-11-30");
    expect(digestDue(new Date("2026-11-29T20:59:30Z"), minutesOf("00:00"))).toEqual({ day: "2026-11-29", waitMs: 30_000 });
  });

  test("an instance stores the day's job once, and tries again soon when the outbox cannot store it", async () => {
    vi.useFakeTimers();
    try {
      let now = new Date("2026-11-29T05:10:00Z");
      const days: string[] = [];
      let failNext = true;
      const schedule = createDigestSchedule({
        at: "08:00",
        now: () => now,
        logger: observers().logger,
        async enqueue(day) {
          days.push(day);
          if (failNext) {
            failNext = false;
            throw new Error("disk full");
          }
          return true;
        },
      });
      schedule.start();
      await vi.advanceTimersByTimeAsync(0);
      expect(days).toEqual(["2026-11-29"]);
      await vi.advanceTimersByTimeAsync(60_000);
      expect(days).toEqual(["2026-11-29", "2026-11-29"]);
      now = new Date("2026-11-29T07:00:00Z");
      await vi.advanceTimersByTimeAsync(3_600_000);
      expect(days).toHaveLength(2);
      now = new Date("2026-11-30T05:00:00Z");
      await vi.advanceTimersByTimeAsync(3_600_000);
      expect(days).toEqual(["2026-11-29", "2026-11-29", "2026-11-30"]);
      schedule.stop();
      const off = createDigestSchedule({ at: "off", now: () => now, logger: observers().logger, enqueue: async (day) => Boolean(days.push(day)) });
      off.start();
      await vi.advanceTimersByTimeAsync(86_400_000);
      expect(days).toHaveLength(3);
    } finally {
      vi.useRealTimers();
    }
  });
});
