import type { CountryCode } from "libphonenumber-js/min";

type PhoneLibrary = typeof import("libphonenumber-js/min");

/*
 * libphonenumber's rules (its code and the metadata of every country's numbers, 33 KB of gzip) are
 * loaded on their own, not with the page: on the offer form they were a fifth of the JavaScript a
 * phone parsed before the form answered a tap (#16). The server loads them before it reads a form
 * (lead-action.server.ts), so what it accepts never depends on timing; the browser asks for them once
 * a form has hydrated, and until they arrive its own checks leave the phone and the country to the
 * server's, which answers a wrong number with the same message.
 */
let library: PhoneLibrary | null = null;
let loading: Promise<void> | null = null;

export function loadPhoneRules(): Promise<void> {
  loading ??= import("libphonenumber-js/min").then(
    (loaded) => {
      library = loaded;
    },
    (error: unknown) => {
      // A chunk the browser could not fetch: the next form asks again (the server still checks).
      loading = null;
      throw error;
    },
  );
  return loading;
}

/** Whether the rules are here, so that the checks below judge rather than wave through. */
export const phoneRulesLoaded = () => library !== null;

/** A country phone numbers are known for; any two-letter code until the rules are loaded. */
export const isKnownCountry = (code: string) => library?.isSupportedCountry(code) ?? true;

/** The number is valid for the country; not judged (true) until the rules are loaded. */
export const isValidForCountry = (phone: string, country: string) => library?.isValidPhoneNumber(phone, country as CountryCode) ?? true;

/**
 * An extension ("ext. 12", "x12") has no place in the E.164 number the API stores; the visitor is
 * asked to leave it out rather than have its digits glued onto the number or dropped unseen.
 */
export function hasExtension(phone: string, country?: string) {
  if (!library) return false;
  try {
    return library.parsePhoneNumber(phone, country as CountryCode | undefined).ext !== undefined;
  } catch {
    return false;
  }
}
