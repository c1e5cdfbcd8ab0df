import { isIPv4, isIPv6 } from "node:net";

/**
 * The key sign-in throttling counts a client address under. An IPv6 client holds a whole /64 (one
 * home or phone gets 2^64 addresses to rotate through), so it is counted as that /64; an IPv4
 * address written as IPv6 (`::ffff:203.0.113.7`) is the IPv4 address.
 */
export function addressKey(raw: string): string {
  const value = raw.trim().toLowerCase().replace(/%.*$/, "");
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/.exec(value);
  if (mapped && isIPv4(mapped[1])) return mapped[1];
  if (isIPv4(value)) return value;
  if (isIPv6(value)) return `${prefix64(value)}::/64`;
  // Not an address (a caller's own label): kept as it came, bounded like the contract's clientIp.
  return value.slice(0, 64) || "unknown";
}

/** The first four groups of an IPv6 address, without leading zeros (`2001:db8:0:1`). */
function prefix64(address: string): string {
  const [head, tail] = address.includes("::") ? address.split("::") : [address, undefined];
  const groups = (part: string | undefined) => (part ? part.split(":") : []);
  // A dotted IPv4 tail stands for two groups; it only ever sits in the last 32 bits.
  const width = (parts: string[]) => parts.reduce((n, p) => n + (p.includes(".") ? 2 : 1), 0);
  const front = groups(head);
  const back = groups(tail);
  const zeros = tail === undefined ? [] : Array<string>(Math.max(0, 8 - width(front) - width(back))).fill("0");
  return [...front, ...zeros, ...back]
    .slice(0, 4)
    .map((g) => (g.includes(".") ? "0" : parseInt(g, 16).toString(16)))
    .join(":");
}
