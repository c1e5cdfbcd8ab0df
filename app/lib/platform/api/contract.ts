/**
 * The one contract between the site and the provider's API (docs/api-contract.md).
 * The site's client parses every response with it; backend/ validates and answers with it.
 */
import { z } from "zod";
import { PublishedMenuSchema } from "./menus-contract";

export const LANGUAGE_CODES = ["en", "tr", "ru", "fr", "ar"] as const;
export const LanguageCodeSchema = z.enum(LANGUAGE_CODES);

/** The API's category ids: blog posts and treatments are 1; testimonials are blog items of category 3. */
export const CATEGORY = { blog: 1, treatments: 1, testimonials: 3 } as const;
export const PROJECT_ID = 2;
export const DEFAULT_NOTIFICATION_SOURCE_ID = 3;

export const LanguagePathSchema = z.object({ languageCode: LanguageCodeSchema, route: z.string() });

export const ImageSchema = z.object({
  url: z.string(),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  alt: z.string().min(1),
  /** An uploaded image's resized variants (never wider than the original); seeded artwork has none. */
  srcset: z.array(z.object({ url: z.string(), width: z.number().int().positive() })).optional(),
});

/** A page's own meta title and description, where the editor wrote them; else the title and summary serve. */
const Seo = {
  seoTitle: z.string().min(1).optional(),
  seoDescription: z.string().min(1).optional(),
};

const ContentBase = z.object({
  id: z.number().int().positive(),
  uri: z.string().min(1),
  title: z.string().min(1),
  summary: z.string(),
  body: z.string(),
  image: ImageSchema,
  ...Seo,
  languagePaths: z.array(LanguagePathSchema),
});

export const SubTreatmentSummarySchema = ContentBase.omit({ body: true, languagePaths: true, seoTitle: true, seoDescription: true });

export const TreatmentSchema = ContentBase.extend({
  categoryId: z.number().int(),
  isHighlighted: z.boolean(),
  subTreatments: z.array(SubTreatmentSummarySchema),
});

export const SubTreatmentSchema = ContentBase.extend({
  treatment: z.object({ id: z.number().int(), uri: z.string(), title: z.string() }),
});

export const BlogPostSchema = ContentBase.extend({
  categoryId: z.number().int(),
  publishedAt: z.string().datetime({ offset: true }),
  author: z.string(),
  category: z.string(),
});

export const SpecialDealSchema = ContentBase.extend({
  priceFrom: z.object({ amount: z.number().positive(), currency: z.string().length(3) }),
  validUntil: z.string(),
  includes: z.array(z.string()),
  /** The package the deal is for (ADR 064), where the editor named one. */
  packageId: z.number().int().positive().optional(),
});

/**
 * An article about life in Istanbul for patients (travel, stay, recovery, culture; ADR 063): the
 * blog's shape, its picture optional (a text-only article is complete).
 */
export const AboutLifeArticleSchema = ContentBase.extend({
  image: ImageSchema.nullable(),
  publishedAt: z.string().datetime({ offset: true }),
});

/**
 * A treatment package (ADR 064): a fixed price for one or more treatments and what it includes, valid
 * to a day. It has no page of its own: its treatments' pages and the deals list show it, and a deal may name it.
 */
export const PackageSchema = z.object({
  id: z.number().int().positive(),
  title: z.string().min(1),
  summary: z.string(),
  includes: z.array(z.string()),
  price: z.object({ amount: z.number().positive(), currency: z.string().length(3) }),
  validUntil: z.string(),
  /** The treatments it is on that are public in the answer's language (ADR 064): at least one. */
  treatmentIds: z.array(z.number().int().positive()).min(1),
});

export const SliderSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  subtitle: z.string(),
  image: ImageSchema,
  linkLabel: z.string(),
  /** A page name from the route table; the site turns it into a path in the page's language. */
  linkPage: z.string(),
});

/** A doctor of the clinic; `uri` is the slug of the doctor's page in the answer's language. */
export const DoctorSchema = z.object({
  id: z.number().int().positive(),
  uri: z.string().min(1),
  name: z.string().min(1),
  /** "Dr.", "Prof. Dr.", as the language writes it. */
  title: z.string().min(1),
  specialty: z.string().min(1),
  focus: z.string().min(1),
  /** One sentence: the card's text and the page's meta description. */
  summary: z.string().min(1),
  /** Paragraphs of plain text. */
  bio: z.array(z.string().min(1)).min(1),
  education: z.array(z.string().min(1)),
  certifications: z.array(z.string().min(1)),
  memberships: z.array(z.string().min(1)),
  /** A schema.org MedicalSpecialty value. */
  medicalSpecialty: z.string().min(1),
  /** ISO 639-1 codes of the languages the doctor speaks. */
  languages: z.array(z.string().length(2)).min(1),
  specialistSince: z.number().int(),
  /** The portrait; its alt text is the site's, in the page's language ("Portrait: Dr …"). */
  image: ImageSchema.omit({ alt: true }),
  ...Seo,
  languagePaths: z.array(LanguagePathSchema),
});

/** A question and its answer (sanitized HTML) for the FAQ page and its FAQPage structured data. */
export const FaqSchema = z.object({
  id: z.number().int().positive(),
  question: z.string().min(1),
  answer: z.string().min(1),
});

/**
 * A text page of the route table (ADR 061) as published in one language: its page name (the
 * table's, never a URL), the words the editors wrote, and the body as sanitized rich text.
 */
export const TextPageSchema = z.object({
  id: z.number().int().positive(),
  page: z.string().min(1),
  title: z.string().min(1),
  metaDescription: z.string().min(1),
  lead: z.string().min(1),
  body: z.string().min(1),
  /**
   * The document file the owner uploaded for the page in this language (a PDF, GET pages/{name}/file),
   * null while none was; absent in an editor's preview. Its id is the version, so a new one is a new validator.
   */
  file: z.object({ id: z.number().int().positive(), size: z.number().int().positive(), sha256: z.string() }).nullable().optional(),
});

/** Kinds whose public pages have uris; an old uri of one of them is kept as a redirect. */
export const REDIRECT_KINDS = ["treatment", "subTreatment", "blog", "testimonial", "specialDeal", "doctor"] as const;
export const RedirectQuerySchema = z.object({
  kind: z.enum(REDIRECT_KINDS),
  uri: z.string().min(1).max(200),
});
/** Where a uri the item no longer has now lives (in the language of the request). */
export const RedirectSchema = z.object({ kind: z.enum(REDIRECT_KINDS), id: z.number().int().positive(), uri: z.string().min(1) });

export const MenuTreatmentSchema = z.object({ id: z.number().int(), uri: z.string(), title: z.string() });

export const CountrySchema = z.object({
  code: z.string().length(2),
  name: z.string(),
  dialCode: z.string().regex(/^\+\d{1,4}$/),
});

export const CitySchema = z.object({ id: z.number().int(), name: z.string(), countryCode: z.string().length(2) });

export const InstitutionTypeSchema = z.object({ id: z.number().int(), name: z.string() });

export function listOf<T extends z.ZodTypeAny>(item: T) {
  return z.object({
    hasError: z.boolean(),
    result: z.object({
      data: z.array(item),
      totalCount: z.number().int().nonnegative(),
      pageIndex: z.number().int().positive(),
      pageSize: z.number().int().positive(),
    }),
  });
}

export function itemOf<T extends z.ZodTypeAny>(item: T) {
  return z.object({ hasError: z.boolean(), result: item });
}

export const ListQuerySchema = z.object({
  pageIndex: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(10),
  categoryId: z.coerce.number().int().optional(),
  isHighlighted: z
    .enum(["true", "false"])
    .transform((v) => v === "true")
    .optional(),
});

export const TokenResponseSchema = z.object({
  access_token: z.string().min(1),
  token_type: z.literal("Bearer"),
  expires_in: z.number().int().positive(),
});

/* Leads. */

const phone = z.string().regex(/^\+\d{6,15}$/, "E.164 phone number");
/** The consent cookie's random id (consent.server.ts), the only visitor id there is (ADR 050). */
export const VisitorIdSchema = z
  .string()
  .max(40)
  .regex(/^\d+\.\d+$/);
const common = {
  projectId: z.literal(PROJECT_ID),
  notificationSourceId: z.number().int().default(DEFAULT_NOTIFICATION_SOURCE_ID),
  languageCode: LanguageCodeSchema,
  /**
   * The sender's first-party visitor id, only when they allowed performance and analysis cookies
   * (ADR 055): the API links the lead to that visitor's page views and keeps it out of the lead itself.
   */
  visitorId: VisitorIdSchema.optional(),
};

export const ContactFormPayloadSchema = z.object({
  ...common,
  /** contact: the contact page; offer: get-an-offer and its variants; feedback: treated patients. */
  formType: z.enum(["contact", "offer", "feedback"]),
  /** Where the visitor came from: website, magazine, gabon-newsletter. */
  source: z.string().max(60),
  name: z.string().min(1).max(120),
  email: z.string().email().max(200),
  phone: phone.optional(),
  countryCode: z.string().length(2).optional(),
  cityId: z.number().int().optional(),
  /** A town the visitor typed because the city list lacks it; never sent together with cityId. */
  cityName: z.string().min(1).max(120).optional(),
  treatmentId: z.number().int().optional(),
  contactChannel: z.enum(["whatsapp", "phone", "email"]).optional(),
  preferredDay: z.string().max(20).optional(),
  subject: z.string().max(200).optional(),
  message: z.string().max(5000),
  privacyConsent: z.literal(true),
});

export const WebAgencyRegistrationPayloadSchema = z.object({
  ...common,
  institutionTypeId: z.number().int(),
  countryCode: z.string().length(2),
  cityId: z.number().int().optional(),
  /** A town the visitor typed because the city list lacks it; never sent together with cityId. */
  cityName: z.string().min(1).max(120).optional(),
  organisation: z.string().min(1).max(200),
  website: z.string().url().max(300).optional(),
  contactPerson: z.string().min(1).max(120),
  email: z.string().email().max(200),
  phone,
});

export const JobOfferPayloadSchema = z.object({
  ...common,
  name: z.string().min(1).max(120),
  email: z.string().email().max(200),
  phone,
  position: z.string().min(1).max(120),
  message: z.string().max(5000),
  /** The reference returned by admin/multimedia/image. */
  imageId: z.string().min(1),
});

/**
 * A built form's answers (ADR 065): the version of the form they answered (its labels and choices say
 * what each key meant), each field's key to its text, its choice ids or a date; the first e-mail and
 * phone answered, and the first text answered as the sender's name, so the inbox and patients find them.
 */
/**
 * File fields in one built form (FORM_LIMITS.files): each file may be 5 MB, and the site's body guard
 * takes 12 MB of multipart (server.ts), so two full files and the rest of the form fit in one post.
 */
export const MAX_FORM_FILES = 2;

export const BuiltFormPayloadSchema = z.object({
  ...common,
  formId: z.number().int().positive(),
  formVersionId: z.number().int().positive(),
  formTitle: z.string().min(1).max(200),
  name: z.string().min(1).max(300).optional(),
  email: z.string().email().max(200).optional(),
  phone: phone.optional(),
  answers: z.record(z.string().regex(/^f\d{1,4}$/), z.union([z.string().max(5000), z.array(z.string().max(40)).max(30)])),
  /** A lead sent before forms took files per field (ADR 065): its one photo, from admin/multimedia/image. */
  imageId: z.string().min(1).optional(),
  /** Each answered file field's key to its upload: a photo from admin/multimedia/image, a PDF from admin/multimedia/document. */
  files: z
    .record(z.string().regex(/^f\d{1,4}$/), z.string().min(1).max(100))
    .refine((files) => Object.keys(files).length <= MAX_FORM_FILES, "Too many files")
    .optional(),
});
export type BuiltFormPayload = z.infer<typeof BuiltFormPayloadSchema>;

export const UploadResultSchema = itemOf(z.object({ id: z.string(), contentType: z.string(), size: z.number().int() }));
export const LeadAcceptedSchema = itemOf(z.object({ id: z.number().int(), receivedAt: z.string() }));

/**
 * The provider's public details, changed in the back office (PUT admin/settings) and read by the site
 * with its client token (GET settings) for the header, the footer and the home page's schema.org.
 */
const phoneText = z
  .string()
  .trim()
  .regex(/^\+[\d ()-]{6,24}$/);
/** A web address a visitor may follow: http(s) only (zod's url() takes javascript: too). */
function isWebUrl(value: string) {
  try {
    return ["http:", "https:"].includes(new URL(value).protocol);
  } catch {
    return false;
  }
}
const webUrl = z.string().trim().max(300).refine(isWebUrl);
const socialUrl = webUrl.or(z.literal(""));
export const SettingsSchema = z.object({
  phone: phoneText,
  email: z.string().trim().email().max(200),
  address: z.string().trim().min(1).max(300),
  /** One WhatsApp number per site language. */
  whatsapp: z.object({ en: phoneText, tr: phoneText, ru: phoneText, fr: phoneText, ar: phoneText }),
  portalUrl: webUrl,
  /** "" where the provider has no page on that network. */
  social: z.object({ facebook: socialUrl, instagram: socialUrl, youtube: socialUrl, linkedin: socialUrl }),
});
export type Settings = z.infer<typeof SettingsSchema>;

export type Treatment = z.infer<typeof TreatmentSchema>;
export type SubTreatment = z.infer<typeof SubTreatmentSchema>;
export type BlogPost = z.infer<typeof BlogPostSchema>;
export type SpecialDeal = z.infer<typeof SpecialDealSchema>;
export type AboutLifeArticle = z.infer<typeof AboutLifeArticleSchema>;
export type Package = z.infer<typeof PackageSchema>;
export type Slider = z.infer<typeof SliderSchema>;
export type MenuTreatment = z.infer<typeof MenuTreatmentSchema>;
export type Doctor = z.infer<typeof DoctorSchema>;
export type Faq = z.infer<typeof FaqSchema>;
export type TextPage = z.infer<typeof TextPageSchema>;
export type Redirect = z.infer<typeof RedirectSchema>;
export type Country = z.infer<typeof CountrySchema>;
export type City = z.infer<typeof CitySchema>;
export type InstitutionType = z.infer<typeof InstitutionTypeSchema>;
export type LanguagePath = z.infer<typeof LanguagePathSchema>;
export type ContactFormPayload = z.infer<typeof ContactFormPayloadSchema>;
export type WebAgencyRegistrationPayload = z.infer<typeof WebAgencyRegistrationPayloadSchema>;
export type JobOfferPayload = z.infer<typeof JobOfferPayloadSchema>;

/**
 * The public archive (ADR 060), client token: GET bulletins/archive lists every published issue of
 * every language (the newest ARCHIVE_MAX), GET bulletins/archive/:id one published issue with its
 * body; nothing about who it was sent to.
 */
export const ARCHIVE_MAX = 500;
export const ArchivedIssueSummarySchema = z.object({
  id: z.number().int().positive(),
  list: LanguageCodeSchema,
  title: z.string(),
  /** When it was sent to the list: the date its pages show. */
  sentAt: z.string(),
});
export const ArchivedIssueSchema = ArchivedIssueSummarySchema.extend({ body: z.string() });
export type ArchivedIssueSummary = z.infer<typeof ArchivedIssueSummarySchema>;
export type ArchivedIssue = z.infer<typeof ArchivedIssueSchema>;

/** Every GET endpoint, its query and its response schema: one table for client, backend and tests. */
export const endpoints = {
  treatments: { path: "treatment", response: listOf(TreatmentSchema) },
  treatment: { path: "treatment/:id", response: itemOf(TreatmentSchema) },
  subTreatment: { path: "subTreatment/:id", response: itemOf(SubTreatmentSchema) },
  subTreatments: { path: "subTreatment/list", response: listOf(SubTreatmentSchema) },
  menuTreatments: { path: "treatment/menu", response: listOf(MenuTreatmentSchema) },
  blog: { path: "blog", response: listOf(BlogPostSchema) },
  blogPost: { path: "blog/:id", response: itemOf(BlogPostSchema) },
  /** "About life" articles (ADR 063), newest first, and one of them. */
  aboutLife: { path: "aboutLife", response: listOf(AboutLifeArticleSchema) },
  aboutLifeArticle: { path: "aboutLife/:id", response: itemOf(AboutLifeArticleSchema) },
  /** Treatment packages valid today (ADR 064), in their sort order. */
  packages: { path: "package", response: listOf(PackageSchema) },
  sliders: { path: "sliders", response: listOf(SliderSchema) },
  specialDeals: { path: "specialDeal", response: listOf(SpecialDealSchema) },
  specialDeal: { path: "specialDeal/:id", response: itemOf(SpecialDealSchema) },
  doctors: { path: "doctors", response: listOf(DoctorSchema) },
  doctor: { path: "doctor/:id", response: itemOf(DoctorSchema) },
  /** A doctor by the slug of the page in the request's language (doctor pages are addressed by slug). */
  doctorByUri: { path: "doctor/uri/:uri", response: itemOf(DoctorSchema) },
  faqs: { path: "faqs", response: listOf(FaqSchema) },
  /** A route-table text page by its name (ADR 061), as published in the request's language; 404 where it is not. */
  textPage: { path: "pages/:name", response: itemOf(TextPageSchema) },
  /** `?kind=&uri=`: the current uri of an item that had that uri; 404 when none did. */
  redirect: { path: "redirect", response: itemOf(RedirectSchema) },
  countries: { path: "countries", response: listOf(CountrySchema) },
  cities: { path: "countries/:id/cities", response: listOf(CitySchema) },
  institutionTypes: { path: "institutionType", response: listOf(InstitutionTypeSchema) },
  settings: { path: "settings", response: itemOf(SettingsSchema) },
  /** The bulletins' public archive (ADR 060): every language's published issues, and one of them. */
  bulletinArchive: { path: "bulletins/archive", response: listOf(ArchivedIssueSummarySchema) },
  archivedIssue: { path: "bulletins/archive/:id", response: itemOf(ArchivedIssueSchema) },
  /** Every language's published menu (menus-contract.ts, ADR 062); a language not listed shows the route table's. */
  menus: { path: "menus", response: listOf(PublishedMenuSchema) },
} as const;

export const postEndpoints = {
  contactForm: { path: "contactForm", payload: ContactFormPayloadSchema },
  webAgencyRegistration: { path: "webAgencyRegistration", payload: WebAgencyRegistrationPayloadSchema },
  jobOffer: { path: "jobOffer/webMagazine", payload: JobOfferPayloadSchema },
  /** A built form's answers (ADR 065). */
  builtForm: { path: "builtForm", payload: BuiltFormPayloadSchema },
} as const;
