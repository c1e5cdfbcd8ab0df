import Database from "better-sqlite3";
import { beforeEach, describe, expect, test } from "vitest";
import { migrate } from "../db";
import { addressKey } from "./address-key";
import { createSignInThrottle, forgetSignInFailures, type Attempt } from "./throttle";

// The throttle's rules on a fake clock (ADR 031); backend/staff.test.ts and
// tests/integration/admin-sessions.test.ts hold the HTTP answers to them.

const S = 1000;
const MIN = 60 * S;
let now: number;
let db: Database.Database;
let throttle: ReturnType<typeof createSignInThrottle>;

beforeEach(() => {
  now = Date.UTC(2026, 10, 28, 9);
  db = new Database(":memory:");
  migrate(db);
  throttle = createSignInThrottle(db, { clock: () => now });
});

const STRANGER = "203.0.113.7";
const OWNER_HOME = "198.51.100.9";
const EMAIL = "owner@clinic.test";

/** An attempt that is let through and fails (a wrong password); throws if it is refused. */
function fail(email = EMAIL, address = STRANGER) {
  const attempt = throttle.begin(email, address);
  if (!attempt.admitted) throw new Error(`refused: ${JSON.stringify(attempt)}`);
}
/** Failures from elsewhere, written straight in: setting the scene, not the rule under test. */
function failuresFrom(addresses: string[], email = EMAIL) {
  const insert = db.prepare("INSERT INTO sign_in_failures (email, address, at) VALUES (?, ?, ?)");
  for (const address of addresses) insert.run(email, address, now);
}
const others = (count: number, from = 0) => Array.from({ length: count }, (_, i) => `192.0.2.${from + i}`);
const refusal = (attempt: Attempt) => (attempt.admitted ? null : { wait: attempt.retryAfterSeconds, gates: attempt.gates });

describe("one address guessing one e-mail", () => {
  test("five free, then 15 s doubling; at ten in the hour it is refused until the first leaves the window", () => {
    const first = now;
    for (let i = 0; i < 4; i++) fail();
    expect(throttle.begin(EMAIL, STRANGER).admitted).toBe(true); // the fifth
    const waits: number[] = [];
    for (let i = 0; i < 4; i++) {
      const refused = refusal(throttle.begin(EMAIL, STRANGER));
      waits.push(refused!.wait);
      expect(refused!.gates).toContain("pair");
      now += refused!.wait * S;
      fail();
    }
    expect(waits).toEqual([15, 30, 60, 120]);
    const ninth = refusal(throttle.begin(EMAIL, STRANGER))!;
    expect(ninth.wait).toBe(240);
    now += 240 * S;
    fail(); // the tenth
    const locked = refusal(throttle.begin(EMAIL, STRANGER))!;
    expect(locked.wait).toBe(Math.ceil((first + 60 * MIN - now) / S));
    expect(locked.wait).toBeGreaterThan(50 * 60);
    // Refused attempts are not counted: the lock does not grow while the stranger keeps asking.
    for (let i = 0; i < 5; i++) expect(throttle.begin(EMAIL, STRANGER).admitted).toBe(false);
    now = first + 60 * MIN + 1;
    expect(throttle.begin(EMAIL, STRANGER).admitted).toBe(true);
  });

  test("a right password forgives that address's failures for that e-mail only", () => {
    for (let i = 0; i < 3; i++) fail(EMAIL, OWNER_HOME);
    failuresFrom([STRANGER, STRANGER, STRANGER]);
    // Six for the e-mail: the owner's next try comes 4 s after their last (the e-mail's wait, from their own failure).
    expect(refusal(throttle.begin(EMAIL, OWNER_HOME))).toEqual({ wait: 4, gates: ["account"] });
    now += 4 * S;
    expect(throttle.begin(EMAIL, OWNER_HOME).admitted).toBe(true);
    throttle.succeeded(EMAIL, OWNER_HOME);
    expect(throttle.state(EMAIL)).toMatchObject({ failures: 3, addresses: [{ address: STRANGER, failures: 3 }] });
  });

  test("a burst sent at once sees itself: five are let through, the rest refused; each failure answers for its own part", () => {
    const attempts = Array.from({ length: 20 }, () => throttle.begin(EMAIL, STRANGER));
    const admitted = attempts.flatMap((a) => (a.admitted ? [a] : []));
    expect(admitted).toHaveLength(5);
    // Only the fifth failure started a wait, though all five are counted by the time their passwords are checked.
    expect(admitted.map((attempt) => throttle.holds(EMAIL, STRANGER, attempt).map((h) => h.gate))).toEqual([[], [], [], [], ["pair", "account"]]);
  });
});

describe("the e-mail's owner at another address", () => {
  test("after five failures from a stranger, waits 2 s once, then is let through", () => {
    for (let i = 0; i < 5; i++) fail();
    expect(refusal(throttle.begin(EMAIL, OWNER_HOME))).toEqual({ wait: 2, gates: ["account"] });
    // Asking again early does not restart the wait.
    now += 1 * S;
    expect(refusal(throttle.begin(EMAIL, OWNER_HOME))).toEqual({ wait: 1, gates: ["account"] });
    // The stranger, meanwhile, waits for its own failures.
    expect(refusal(throttle.begin(EMAIL, STRANGER))).toMatchObject({ wait: 14, gates: expect.arrayContaining(["pair"]) });
    now += 1 * S;
    expect(throttle.begin(EMAIL, OWNER_HOME).admitted).toBe(true);
    throttle.succeeded(EMAIL, OWNER_HOME);
  });

  test("the wait grows with the e-mail's failures, 2 s doubling, and is never more than 30 s", () => {
    const waits: number[] = [];
    for (let n = 5; n <= 12; n++) {
      failuresFrom(others(n - throttle.state(EMAIL).failures, throttle.state(EMAIL).failures));
      waits.push(refusal(throttle.begin(EMAIL, `198.51.100.${n}`))!.wait);
    }
    expect(waits).toEqual([2, 4, 8, 16, 30, 30, 30, 30]);
  });

  test("a wait once given keeps its time while strangers add failures", () => {
    for (let i = 0; i < 5; i++) fail();
    expect(refusal(throttle.begin(EMAIL, OWNER_HOME))!.wait).toBe(2);
    failuresFrom(others(20));
    now += 2 * S;
    expect(throttle.begin(EMAIL, OWNER_HOME).admitted).toBe(true);
    // A fresh address now waits the grown delay.
    expect(refusal(throttle.begin(EMAIL, "198.51.100.10"))!.wait).toBe(30);
  });

  test("an address the owner signed in from in the last 30 days does not wait for the e-mail's count", () => {
    expect(throttle.begin(EMAIL, OWNER_HOME).admitted).toBe(true);
    throttle.succeeded(EMAIL, OWNER_HOME);
    failuresFrom(others(9));
    expect(throttle.begin(EMAIL, OWNER_HOME).admitted).toBe(true);
    throttle.succeeded(EMAIL, OWNER_HOME);
    now += 31 * 24 * 60 * MIN;
    failuresFrom(others(5));
    expect(refusal(throttle.begin(EMAIL, OWNER_HOME))!.gates).toEqual(["account"]);
  });

  test("at 100 failures in the hour only addresses it signed in from may try, until the count falls below 100", () => {
    expect(throttle.begin(EMAIL, OWNER_HOME).admitted).toBe(true);
    throttle.succeeded(EMAIL, OWNER_HOME);
    // A hundred strangers' failures, a second apart.
    const first = now;
    for (let i = 0; i < 100; i++) {
      failuresFrom([`192.0.2.${i}`]);
      now += S;
    }
    const stranger = refusal(throttle.begin(EMAIL, "198.51.100.200"))!;
    expect(stranger.gates).toEqual(["account-limit"]);
    expect(stranger.wait).toBe(60 * 60 - 100);
    expect(throttle.state(EMAIL)).toMatchObject({ failures: 100, newAddressDelaySeconds: 0, knownAddressesOnlyUntil: first + 60 * MIN });
    expect(throttle.begin(EMAIL, OWNER_HOME).admitted).toBe(true);
  });
});

describe("one address guessing many e-mails", () => {
  test("thirty failures in the hour are free, then its waits double from 15 s for any e-mail; another address is not concerned", () => {
    for (let i = 0; i < 30; i++) fail(`person${i}@clinic.test`);
    const refused = refusal(throttle.begin("someone-else@clinic.test", STRANGER))!;
    expect(refused).toEqual({ wait: 15, gates: ["address"] });
    expect(throttle.begin("someone-else@clinic.test", OWNER_HOME).admitted).toBe(true);
  });

  test("failures older than an hour no longer count", () => {
    for (let i = 0; i < 30; i++) fail(`person${i}@clinic.test`);
    now += 60 * MIN + 1;
    expect(throttle.begin("someone-else@clinic.test", STRANGER).admitted).toBe(true);
    expect(db.prepare("SELECT COUNT(*) FROM sign_in_failures").pluck().get()).toBe(1);
  });
});

describe("what the owner sees and lifts", () => {
  test("the state names each address, its count, its last failure and until when it is held", () => {
    for (let i = 0; i < 5; i++) fail();
    now += 10 * S;
    failuresFrom([OWNER_HOME]);
    const state = throttle.state(EMAIL);
    expect(state).toEqual({
      failures: 6,
      lastFailureAt: now,
      newAddressDelaySeconds: 4,
      knownAddressesOnlyUntil: null,
      addresses: [
        { address: OWNER_HOME, failures: 1, lastAt: now, heldUntil: null },
        { address: STRANGER, failures: 5, lastAt: now - 10 * S, heldUntil: now + 5 * S },
      ],
    });
    const last = db.prepare("SELECT MAX(rowid) FROM sign_in_failures").pluck().get() as number;
    // As the home address's failure saw it: the stranger's wait runs on; a new address waits 4 s from that failure.
    expect(throttle.holds(EMAIL, STRANGER, { rowId: last, at: now })).toEqual([
      { gate: "pair", until: now + 5 * S, failures: 5 },
      { gate: "account", until: now + 4 * S, failures: 6 },
    ]);
  });

  test("forgetting an e-mail's failures lets every address try at once; other e-mails keep theirs", () => {
    failuresFrom(Array<string>(10).fill(STRANGER));
    fail("other@clinic.test");
    expect(throttle.begin(EMAIL, OWNER_HOME).admitted).toBe(false);
    expect(forgetSignInFailures(db, EMAIL)).toEqual({ failures: 10, addresses: 1 });
    expect(throttle.begin(EMAIL, STRANGER).admitted).toBe(true);
    expect(throttle.begin(EMAIL, OWNER_HOME).admitted).toBe(true);
    expect(throttle.state("other@clinic.test").failures).toBe(1);
  });
});

test("addresses are counted as a client holds them: IPv4 as written, IPv6 by its /64", () => {
  expect(addressKey("203.0.113.7")).toBe("203.0.113.7");
  expect(addressKey("::ffff:203.0.113.7")).toBe("203.0.113.7");
  expect(addressKey("2001:db8:0:1::1")).toBe("2001:db8:0:1::/64");
  expect(addressKey("2001:0DB8:0000:0001:ffff:1:2:3")).toBe("2001:db8:0:1::/64");
  expect(addressKey("2001:db8::1")).toBe("2001:db8:0:0::/64");
  expect(addressKey("::1")).toBe("0:0:0:0::/64");
  expect(addressKey("fe80::1%eth0")).toBe("fe80:0:0:0::/64");
  expect(addressKey("")).toBe("unknown");
});
