import { expect, test } from "vitest";
import { parseSettingsForm, toSettings } from "~/lib/admin/settings-form";
import { builtInSettings } from "~/site-config";

function formOf(values: Record<string, string>) {
  const form = new FormData();
  const { whatsapp, social, ...rest } = builtInSettings();
  const flat: Record<string, string> = { ...rest };
  for (const [lang, number] of Object.entries(whatsapp)) flat[`whatsapp.${lang}`] = number;
  for (const [network, url] of Object.entries(social)) flat[`social.${network}`] = url;
  for (const [name, value] of Object.entries({ ...flat, ...values })) form.set(name, value);
  return form;
}

test('the form gives the API whole settings (an emptied link is ""), and words each problem as a key of its own', () => {
  const emptied = parseSettingsForm(formOf({ "social.facebook": "", "social.youtube": "", "social.instagram": "", "social.linkedin": "" }));
  expect(emptied.status === "success" && toSettings(emptied.value).social).toEqual({ facebook: "", instagram: "", youtube: "", linkedin: "" });
  const wrong = parseSettingsForm(
    formOf({ phone: "0212 900", "whatsapp.ru": "+7 x", portalUrl: "javascript:alert(1)", "social.facebook": "facebook", email: "info", address: "" }),
  );
  expect(wrong.status).toBe("error");
  expect(wrong.reply().error).toEqual({
    phone: ["admin:settings.errors.phone"],
    "whatsapp.ru": ["admin:settings.errors.phone"],
    portalUrl: ["admin:settings.errors.url"],
    "social.facebook": ["admin:settings.errors.url"],
    email: ["admin:settings.errors.email"],
    address: ["admin:settings.errors.required"],
  });
});
