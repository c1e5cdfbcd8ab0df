import { expect, test } from "vitest";
import { shownFields } from "~/lib/admin/lead-fields.server";

// A stand-in for i18next's t: the key, and the fallback it was given.
const t = (key: string, options?: Record<string, unknown>) => `${key}${options?.defaultValue ? `|${options.defaultValue}` : ""}`;

test("known fields come first in a fixed order, with readable values; unknown keys follow raw; technical ones are left out", () => {
  const fields = {
    projectId: 2,
    notificationSourceId: 3,
    message: "Merhaba\nİki satır",
    formType: "offer",
    extraNote: "kept",
    email: "a@example.org",
    name: "Анна",
    countryCode: "RU",
    cityId: 524901,
    treatmentId: 5,
    preferredDay: "tuesday",
    contactChannel: "whatsapp",
    languageCode: "ru",
    privacyConsent: true,
    subject: null,
  };
  const shown = shownFields(fields, t, "en", { city: "Moscow" });
  expect(shown.map((f) => [f.key, f.label, f.value, f.shape])).toEqual([
    ["name", "name", "Анна", "text"],
    ["email", "email", "a@example.org", "email"],
    ["countryCode", "countryCode", "Russia (RU)", "plain"],
    ["cityId", "cityId", "Moscow (524901)", "plain"],
    ["treatmentId", "treatmentId", "5", "plain"],
    ["contactChannel", "contactChannel", "leads.contactChannels.whatsapp|whatsapp", "plain"],
    ["preferredDay", "preferredDay", "Tuesday", "plain"],
    ["subject", "subject", "—", "text"],
    ["message", "message", "Merhaba\nİki satır", "message"],
    ["formType", "formType", "kinds.offer|offer", "plain"],
    ["languageCode", "languageCode", "siteLanguages.ru|ru", "plain"],
    ["privacyConsent", "privacyConsent", "leads.yes", "plain"],
    ["extraNote", null, "kept", "text"],
  ]);
});

test("names are in the staff member's language", () => {
  const [country, day] = shownFields({ countryCode: "DE", preferredDay: "monday" }, t, "tr");
  expect(country.value).toBe("Almanya (DE)");
  expect(day.value).toBe("Pazartesi");
});
