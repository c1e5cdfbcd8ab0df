import type { Gate, Hold } from "./throttle";

/** The audit log's words for sign-in throttling: what held, for whom, how long; never a password. */
const GATE_WORDS: Record<Gate, string> = {
  pair: "this address's failures for this e-mail",
  address: "this address's failures for any e-mail",
  account: "this e-mail's failures from every address",
  "account-limit": "100 failures for this e-mail in the hour (only addresses it signed in from may try)",
};

const duration = (ms: number) => (ms < 120_000 ? `${Math.ceil(ms / 1000)} s` : `${Math.ceil(ms / 60_000)} min`);

/** An attempt turned away before its password was checked. */
export const refusedDetail = (address: string, gates: Gate[], seconds: number) =>
  `from ${address}: wait ${duration(seconds * 1000)} (${gates.map((g) => GATE_WORDS[g]).join("; ")})`;

/** What a failure (begun at `from`) made hold, one clause per gate, each wait counted from that failure. */
export function holdsDetail(address: string, holds: Hold[], from: number): string {
  const clause = ({ gate, until, failures }: Hold) => {
    const wait = duration(until - from);
    if (gate === "pair") return `${address} waits ${wait} after this for this e-mail (${failures} failures from it in the hour)`;
    if (gate === "address") return `${address} waits ${wait} after this for any e-mail (${failures} failures from it in the hour)`;
    if (gate === "account") return `a new address waits ${wait} for this e-mail (${failures} failures in the hour)`;
    return `only addresses that signed in to this e-mail may try, for ${wait} after this (${failures} failures in the hour)`;
  };
  return holds.map(clause).join("; ");
}
