import type { SignInFailures } from "~/lib/platform/api/admin-contract";
import { staffDateTime } from "~/lib/admin/staff-time";

/**
 * A user's failed sign-ins as the users pages show them, their times worded in the staff member's
 * language on the clinic's clock (loaders call it, so the server's HTML and the hydrated page agree).
 */
export function signInFailuresView(lang: string, signIn: SignInFailures) {
  const when = (iso: string | null, seconds = false) => (iso === null ? null : staffDateTime(lang, iso, { seconds }));
  // A hold ends seconds or minutes from now: its time is shown to the second.
  const addresses = signIn.addresses.map((a) => ({ address: a.address, failures: a.failures, heldUntil: when(a.heldUntil, true) }));
  return {
    failures: signIn.failures,
    last: when(signIn.lastFailureAt),
    newAddressDelaySeconds: signIn.newAddressDelaySeconds,
    knownOnlyUntil: when(signIn.knownAddressesOnlyUntil),
    addresses,
    moreAddresses: signIn.addressCount - addresses.length,
  };
}
export type SignInFailuresView = ReturnType<typeof signInFailuresView>;
