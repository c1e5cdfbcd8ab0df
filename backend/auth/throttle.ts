import type { Clock } from "../clock";
import type { Db } from "../db";

/*
 * Sign-in throttling (docs/decisions/031-sign-in-throttle.md, OWASP ASVS V2.2.1). Failures are
 * counted over the last hour under three keys: the pair (e-mail, address), the address, and the
 * e-mail. A stranger's guesses slow down and then stop *their* address; the e-mail's own count only
 * makes other addresses wait a bounded time, so a stranger cannot keep its owner out.
 */

const SECOND = 1000;
const MINUTE = 60 * SECOND;
/** Failures count for an hour: ASVS bounds the failed attempts per account per hour. */
export const WINDOW_MS = 60 * MINUTE;

/**
 * `free` failures in the window cost nothing (typos); each further one makes the key wait after it,
 * 15 s doubling (15 s, 30 s, 1 min, 2 min, 4 min); at `hard` failures the key is refused until the
 * oldest of the last `hard` leaves the window.
 */
export interface Ladder {
  free: number;
  hard: number;
}
export const LADDER_FIRST_MS = 15 * SECOND;
/** One e-mail from one address: ten guesses an hour at most. */
export const PAIR: Ladder = { free: 5, hard: 10 };
/** One address, whatever the e-mail: an office behind one address has room for everyone's typos. */
export const ADDRESS: Ladder = { free: 30, hard: 35 };

/**
 * One e-mail from every address. From `free` failures on, an address without a failure of its own
 * waits before each attempt, 2 s doubling up to `capMs`: never longer, whatever a stranger does.
 * At `hard` failures in the hour (ASVS: at most 100), only addresses that signed in to it in the
 * last `KNOWN_MS` may try until the count falls below it again.
 */
export const ACCOUNT = { free: 5, firstMs: 2 * SECOND, capMs: 30 * SECOND, hard: 100 } as const;
export const KNOWN_MS = 30 * 24 * 60 * MINUTE;

/** Why an attempt waits: its own guesses at this e-mail, its address's guesses, or the e-mail's guesses from elsewhere. */
export type Gate = "pair" | "address" | "account" | "account-limit";

/** An attempt let through (`rowId` and `at`, when it began), or refused with the seconds to wait and why. */
export type Attempt = { admitted: true; rowId: number; at: number } | { admitted: false; retryAfterSeconds: number; gates: Gate[] };

/** What holds after a failure: each gate that now makes someone wait, until when (ms), and its count. */
export interface Hold {
  gate: Gate;
  until: number;
  failures: number;
}

/** When a ladder lets its key try again (ms), given the key's failure times in the window, oldest first. */
export function ladderReadyAt(times: number[], { free, hard }: Ladder): number {
  const n = times.length;
  if (n < free) return 0;
  if (n >= hard) return times[n - hard] + WINDOW_MS;
  return times[n - 1] + LADDER_FIRST_MS * 2 ** (n - free);
}

/** How long an address without failures of its own waits for an e-mail with `failures` in the window. */
export const accountDelayMs = (failures: number) => (failures < ACCOUNT.free ? 0 : Math.min(ACCOUNT.firstMs * 2 ** (failures - ACCOUNT.free), ACCOUNT.capMs));

/** Forgets an e-mail's failures and waits (an owner lifted the lock, or the password changed). */
export function forgetSignInFailures(db: Db, email: string): { failures: number; addresses: number } {
  const addresses = db.prepare("SELECT COUNT(DISTINCT address) FROM sign_in_failures WHERE email = ?").pluck().get(email) as number;
  const failures = db.prepare("DELETE FROM sign_in_failures WHERE email = ?").run(email).changes;
  db.prepare("DELETE FROM sign_in_waits WHERE email = ?").run(email);
  return { failures, addresses };
}

export function createSignInThrottle(db: Db, options: { clock: Clock }) {
  const pairTimes = db.prepare("SELECT at FROM sign_in_failures WHERE email = ? AND address = ? AND at > ? ORDER BY at").pluck();
  const addressTimes = db.prepare("SELECT at FROM sign_in_failures WHERE address = ? AND at > ? ORDER BY at").pluck();
  const accountCount = db.prepare("SELECT COUNT(*) FROM sign_in_failures WHERE email = ? AND at > ?").pluck();
  const accountNth = db.prepare("SELECT at FROM sign_in_failures WHERE email = ? AND at > ? ORDER BY at LIMIT 1 OFFSET ?").pluck();
  const accountRows = db.prepare("SELECT address, at FROM sign_in_failures WHERE email = ? AND at > ? ORDER BY at");
  const insertFailure = db.prepare("INSERT INTO sign_in_failures (email, address, at) VALUES (?, ?, ?)");
  const clearPair = db.prepare("DELETE FROM sign_in_failures WHERE email = ? AND address = ?");
  const waitOf = db.prepare("SELECT ready_at FROM sign_in_waits WHERE email = ? AND address = ?").pluck();
  const setWait = db.prepare("INSERT OR REPLACE INTO sign_in_waits (email, address, ready_at) VALUES (?, ?, ?)");
  const clearWait = db.prepare("DELETE FROM sign_in_waits WHERE email = ? AND address = ?");
  const knownAt = db.prepare("SELECT at FROM sign_in_known WHERE email = ? AND address = ?").pluck();
  const setKnown = db.prepare("INSERT OR REPLACE INTO sign_in_known (email, address, at) VALUES (?, ?, ?)");
  // The same counts as they stood when a given attempt began: a burst's later rows are not its doing.
  const pairTimesUpTo = db.prepare("SELECT at FROM sign_in_failures WHERE email = ? AND address = ? AND at > ? AND rowid <= ? ORDER BY at").pluck();
  const addressTimesUpTo = db.prepare("SELECT at FROM sign_in_failures WHERE address = ? AND at > ? AND rowid <= ? ORDER BY at").pluck();
  const accountTimesUpTo = db.prepare("SELECT at FROM sign_in_failures WHERE email = ? AND at > ? AND rowid <= ? ORDER BY at").pluck();
  const pruneFailures = db.prepare("DELETE FROM sign_in_failures WHERE at <= ?");
  const pruneWaits = db.prepare("DELETE FROM sign_in_waits WHERE ready_at <= ?");
  const pruneKnown = db.prepare("DELETE FROM sign_in_known WHERE at <= ?");

  const isKnown = (email: string, address: string, now: number) => ((knownAt.get(email, address) as number | undefined) ?? 0) > now - KNOWN_MS;

  /** When the e-mail's count lets this address try: 0 when it may now. Creates the address's wait when it has none. */
  function accountReadyAt(email: string, address: string, own: number[], now: number): { at: number; gate: Gate } {
    const since = now - WINDOW_MS;
    const failures = accountCount.get(email, since) as number;
    if (failures < ACCOUNT.free || isKnown(email, address, now)) return { at: 0, gate: "account" };
    if (failures >= ACCOUNT.hard) return { at: (accountNth.get(email, since, failures - ACCOUNT.hard) as number) + WINDOW_MS, gate: "account-limit" };
    // A wait, once given, keeps its time: later failures from elsewhere do not push it back.
    const waiting = waitOf.get(email, address) as number | undefined;
    if (waiting !== undefined) return { at: waiting, gate: "account" };
    if (own.length > 0) return { at: own[own.length - 1] + accountDelayMs(failures), gate: "account" };
    const at = now + accountDelayMs(failures);
    setWait.run(email, address, at);
    return { at, gate: "account" };
  }

  return {
    /**
     * Starts an attempt. Refused with the seconds to wait while a gate holds (nothing is counted);
     * otherwise counted as a failure at once, so a burst of parallel guesses sees itself, until
     * `succeeded` takes it back.
     */
    begin(email: string, address: string): Attempt {
      return db.transaction((): Attempt => {
        const now = options.clock();
        const since = now - WINDOW_MS;
        pruneFailures.run(since);
        pruneWaits.run(since);
        pruneKnown.run(now - KNOWN_MS);
        const own = pairTimes.all(email, address, since) as number[];
        const account = accountReadyAt(email, address, own, now);
        const gates: [Gate, number][] = [
          ["pair", ladderReadyAt(own, PAIR)],
          ["address", ladderReadyAt(addressTimes.all(address, since) as number[], ADDRESS)],
          [account.gate, account.at],
        ];
        const readyAt = Math.max(...gates.map(([, at]) => at));
        if (readyAt > now) {
          return {
            admitted: false,
            retryAfterSeconds: Math.max(1, Math.ceil((readyAt - now) / SECOND)),
            gates: gates.filter(([, at]) => at > now).map(([gate]) => gate),
          };
        }
        clearWait.run(email, address);
        return { admitted: true, rowId: Number(insertFailure.run(email, address, now).lastInsertRowid), at: now };
      })();
    },

    /**
     * The right password: this address's failures for this e-mail were its owner's typos, and the
     * address is one the e-mail signs in from. Other addresses' failures stay counted.
     */
    succeeded(email: string, address: string) {
      db.transaction(() => {
        clearPair.run(email, address);
        clearWait.run(email, address);
        setKnown.run(email, address, options.clock());
      })();
    },

    /**
     * What a failed attempt (`rowId`, from `begin`) made hold: the gates that now make someone wait
     * (this address, or any new address for this e-mail), counting the failures up to its own.
     */
    holds(email: string, address: string, { rowId, at }: { rowId: number; at: number }): Hold[] {
      const now = options.clock();
      const since = now - WINDOW_MS;
      const own = pairTimesUpTo.all(email, address, since, rowId) as number[];
      const fromAddress = addressTimesUpTo.all(address, since, rowId) as number[];
      const account = accountTimesUpTo.all(email, since, rowId) as number[];
      const holds: Hold[] = [
        { gate: "pair", until: ladderReadyAt(own, PAIR), failures: own.length },
        { gate: "address", until: ladderReadyAt(fromAddress, ADDRESS), failures: fromAddress.length },
        account.length >= ACCOUNT.hard
          ? { gate: "account-limit", until: account[account.length - ACCOUNT.hard] + WINDOW_MS, failures: account.length }
          : { gate: "account", until: at + accountDelayMs(account.length), failures: account.length },
      ];
      return holds.filter((h) => h.until > now);
    },

    /** What an owner sees of an e-mail: its failures in the window by address, and what holds now. */
    state(email: string) {
      const now = options.clock();
      const since = now - WINDOW_MS;
      const rows = accountRows.all(email, since) as { address: string; at: number }[];
      const byAddress = new Map<string, number[]>();
      for (const row of rows) byAddress.set(row.address, [...(byAddress.get(row.address) ?? []), row.at]);
      const addresses = [...byAddress.entries()]
        .map(([address, times]) => {
          const until = Math.max(ladderReadyAt(times, PAIR), ladderReadyAt(addressTimes.all(address, since) as number[], ADDRESS));
          return { address, failures: times.length, lastAt: times[times.length - 1], heldUntil: until > now ? until : null };
        })
        .sort((a, b) => b.lastAt - a.lastAt);
      const failures = rows.length;
      const limited = failures >= ACCOUNT.hard ? (accountNth.get(email, since, failures - ACCOUNT.hard) as number) + WINDOW_MS : null;
      return {
        failures,
        lastFailureAt: failures > 0 ? rows[failures - 1].at : null,
        newAddressDelaySeconds: limited === null ? accountDelayMs(failures) / SECOND : 0,
        knownAddressesOnlyUntil: limited,
        addresses,
      };
    },
  };
}
export type SignInThrottle = ReturnType<typeof createSignInThrottle>;
