import type { Settings } from "~/lib/platform/api/contract";

/**
 * The provider's public details. The brand name lives here, not in page text:
 * translations refer to it as {{brand}}. The phone, e-mail, address, WhatsApp numbers, portal and
 * social links are edited in the back office and read from the API (app/lib/site/settings.server.ts);
 * their values here are only the first ones (see builtInSettings).
 */
export const siteConfig = {
  brand: "Remed",
  phone: "+90 212 900 47 47",
  email: "info@remedistanbul.com",
  address: "Büyükdere Cad. No: 185, 34394 Levent, Şişli / İstanbul, Türkiye",
  /** The same address in parts, for schema.org PostalAddress. */
  postalAddress: {
    streetAddress: "Büyükdere Cad. No: 185, Levent",
    addressLocality: "Şişli",
    addressRegion: "İstanbul",
    postalCode: "34394",
    addressCountry: "TR",
  },
  /** schema.org MedicalSpecialty values covering the treatments the provider coordinates. */
  medicalSpecialties: [
    "PlasticSurgery",
    "Dentistry",
    "Dermatology",
    "Surgical",
    "Optometric",
    "Gynecologic",
    "Musculoskeletal",
    "Cardiovascular",
    "Oncologic",
    "PrimaryCare",
  ],
  portalUrl: "https://portal.remedistanbul.com/login",
  certificateNumber: "2017-0348",
  /** One messaging number for en, fr and tr, one for ru and one for ar. */
  whatsapp: { default: "+90 532 900 47 47", ru: "+90 533 900 47 48", ar: "+90 535 900 47 49" },
  social: [
    { network: "Facebook", url: "https://www.facebook.com/remedistanbul" },
    { network: "Instagram", url: "https://www.instagram.com/remedistanbul" },
    { network: "YouTube", url: "https://www.youtube.com/@remedistanbul" },
    { network: "LinkedIn", url: "https://www.linkedin.com/company/remedistanbul" },
  ],
  /** The consent cookie is `consentDetails_<this>`: another site's consent cookie on a shared domain never collides. */
  consentSettingsName: "remed",
} as const;

/**
 * The editable details above as the API serves them (GET settings): what the header and footer show
 * until the API has answered once, when this process started with the API down. The backend seeds
 * its settings with the same values.
 */
let builtIn: Settings | undefined;

/** Written once, the same object on every call: nothing changes it. */
export function builtInSettings(): Settings {
  return (builtIn ??= writeBuiltInSettings());
}

function writeBuiltInSettings(): Settings {
  const social = (network: string) => siteConfig.social.find((s) => s.network.toLowerCase() === network)?.url ?? "";
  const { whatsapp } = siteConfig;
  return {
    phone: siteConfig.phone,
    email: siteConfig.email,
    address: siteConfig.address,
    whatsapp: { en: whatsapp.default, tr: whatsapp.default, fr: whatsapp.default, ru: whatsapp.ru, ar: whatsapp.ar },
    portalUrl: siteConfig.portalUrl,
    social: { facebook: social("facebook"), instagram: social("instagram"), youtube: social("youtube"), linkedin: social("linkedin") },
  };
}

/** The social links to show, in a fixed order, with the networks' own names; an empty one is left out. */
export function socialLinks(settings: Settings) {
  const names = { facebook: "Facebook", instagram: "Instagram", youtube: "YouTube", linkedin: "LinkedIn" } as const;
  return (Object.keys(names) as (keyof typeof names)[])
    .filter((key) => settings.social[key])
    .map((key) => ({ network: names[key], url: settings.social[key] }));
}

export const telHref = (phone: string) => `tel:${phone.replace(/[^+\d]/g, "")}`;
export const whatsappHref = (phone: string) => `https://wa.me/${phone.replace(/\D/g, "")}`;
