import { isKnownCountry, isValidForCountry } from "~/lib/forms/phone-rules";

/**
 * Without JavaScript nothing moves the dial code when the visitor picks a country of residence, so
 * a German resident who leaves it at the form's start (+90) and types a German number would be
 * told the number is wrong. The server does what the page does with JavaScript: a dial code left
 * where the form started follows the residence, unless the number typed is a valid one for that
 * start, which is then what the visitor meant (a Turkish mobile of someone living abroad) and is
 * kept. Changes `formData` in place, before the schema reads it, so that a form sent back shows
 * the dial code that was used. Needs the phone rules loaded (lead-action.server.ts loads them first).
 */
export function dialCodeFollowsResidence(formData: FormData, start: string): void {
  const dial = formData.get("phoneCountry");
  const residence = formData.get("country");
  const phone = formData.get("phone");
  if (dial !== start || typeof residence !== "string" || residence === dial) return;
  if (!/^[A-Z]{2}$/.test(residence) || !isKnownCountry(residence)) return;
  if (typeof phone === "string" && phone.trim() && isValidForCountry(phone, start)) return;
  formData.set("phoneCountry", residence);
}
