import type { Lang } from "~/lib/route-table";

/**
 * The provider's public details. The brand name lives here, not in page text:
 * translations refer to it as {{brand}}.
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

export function whatsappNumber(lang: Lang): string {
  if (lang === "ru") return siteConfig.whatsapp.ru;
  if (lang === "ar") return siteConfig.whatsapp.ar;
  return siteConfig.whatsapp.default;
}

export const telHref = (phone: string) => `tel:${phone.replace(/[^+\d]/g, "")}`;
export const whatsappHref = (phone: string) => `https://wa.me/${phone.replace(/\D/g, "")}`;
