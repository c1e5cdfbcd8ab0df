import { parsePhoneNumber, type CountryCode } from "libphonenumber-js/min";

/**
 * The number as the API stores it (E.164), from what the visitor typed and the dial code's country
 * (none for a number typed with its "+" code). Only for numbers the schemas accepted.
 */
export const toE164 = (phone: string, country?: string) => parsePhoneNumber(phone, country as CountryCode | undefined).number;
