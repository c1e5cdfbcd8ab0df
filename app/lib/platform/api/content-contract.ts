/**
 * Content editing's registry (docs/api-contract.md, "Content editing"; ADR 016): every kind of
 * content the back office edits, its language-independent ("shared") fields and its per-language
 * fields, each with the zod schema of the value a draft may hold and whether a language needs it to
 * be "complete". Shared by backend/ (validation, completeness, projection), the staff client and the
 * editor screens, so the three can never disagree about a field.
 */
import { z } from "zod";
import {
  AboutLifeArticleSchema,
  BlogPostSchema,
  PackageSchema,
  DoctorSchema,
  FaqSchema,
  LANGUAGE_CODES,
  LanguageCodeSchema,
  SliderSchema,
  SpecialDealSchema,
  SubTreatmentSchema,
  TextPageSchema,
  TreatmentSchema,
} from "./contract";

export type Lang = (typeof LANGUAGE_CODES)[number];

export const CONTENT_KINDS = [
  "treatment",
  "subTreatment",
  "category",
  "blog",
  "testimonial",
  "specialDeal",
  "slider",
  "doctor",
  "faq",
  "page",
  "about-life",
  "package",
] as const;
export const ContentKindSchema = z.enum(CONTENT_KINDS);
export type ContentKind = z.infer<typeof ContentKindSchema>;

/**
 * A language's state in the editor:
 * - published: public, and the draft is what the public sees;
 * - changed: public, but the draft (or a shared field) differs from what was published;
 * - draft: complete, not public;
 * - incomplete: a required field is empty, not public.
 */
export const CONTENT_STATUSES = ["published", "changed", "draft", "incomplete"] as const;
export const ContentStatusSchema = z.enum(CONTENT_STATUSES);
export type ContentStatus = z.infer<typeof ContentStatusSchema>;

/* The uri rule. */

/** Lowercase letters of any script (Arabic and Cyrillic too), digits, single hyphens between them. */
export const URI_PATTERN = /^[\p{Ll}\p{Lo}\p{Nd}]+(?:-[\p{Ll}\p{Lo}\p{Nd}]+)*$/u;
export const URI_MAX = 120;
/** A uri as an editor may type it: trimmed and lowercased; "" while the draft has none yet. */
export const UriSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(URI_MAX)
  .refine((value) => value === "" || URI_PATTERN.test(value), { message: "uri_format" });

/* Field kinds: how a value is typed, stored and shown. */

/**
 * The widget a field needs. Values: text/uri/textarea/html are strings ("" = empty); lines and
 * paragraphs are string arrays (one entry per line, or per blank-line-separated paragraph);
 * number/integer/date/datetime/reference/image/currency/page/specialty are null when empty;
 * references is a list of ids ([] when empty), each an item of `ref`, at most `max` of them.
 */
export type FieldInput =
  | "text"
  | "uri"
  | "textarea"
  | "html"
  | "lines"
  | "paragraphs"
  | "number"
  | "integer"
  | "boolean"
  | "date"
  | "datetime"
  | "reference"
  | "references"
  | "image"
  | "currency"
  | "page"
  | "specialty"
  | "languages"
  | "portrait"
  | "artwork";

export interface FieldSpec {
  input: FieldInput;
  /** The value a draft may hold (empty allowed; formats and lengths checked). */
  schema: z.ZodTypeAny;
  /** Needed for a language to be complete; "withImage": needed when the item has an image. */
  required: boolean | "withImage";
  /** Characters for text, entries for lists (and ids for a list of references). */
  max?: number;
  /** Characters of each entry of a list. */
  entryMax?: number;
  /** The kind a reference (or each of a list of references) points to. */
  ref?: ContentKind;
  /** Seeded, shown but not editable: a save leaves it as it is. */
  readOnly?: boolean;
  /** What a new item starts with, where not the input's usual empty value. */
  empty?: unknown;
}

const isoDate = /^\d{4}-\d{2}-\d{2}$/;

const text = (max: number, required = true): FieldSpec => ({ input: "text", schema: z.string().trim().max(max), required, max });
const textarea = (max: number, required = true): FieldSpec => ({ input: "textarea", schema: z.string().trim().max(max), required, max });
const html = (max: number): FieldSpec => ({ input: "html", schema: z.string().max(max), required: true, max });
const lines = (maxEntries: number, maxLength: number): FieldSpec => ({
  input: "lines",
  schema: z.array(z.string().trim().min(1).max(maxLength)).max(maxEntries),
  required: true,
  max: maxEntries,
  entryMax: maxLength,
});
const paragraphs = (maxEntries: number, maxLength: number): FieldSpec => ({
  ...lines(maxEntries, maxLength),
  input: "paragraphs",
});
const reference = (ref: ContentKind, required = true): FieldSpec => ({
  input: "reference",
  schema: z.number().int().positive().nullable(),
  required,
  ref,
});
/**
 * Several items of one kind (a package's treatments): distinct ids, at most `max`; required, at
 * least one to be complete. The API refuses an id that names no item (422 `unknown`), as for one reference.
 */
const references = (ref: ContentKind, max: number, required = true): FieldSpec => ({
  input: "references",
  schema: z
    .array(z.number().int().positive())
    .max(max)
    .refine((ids) => new Set(ids).size === ids.length, { message: "duplicate" }),
  required,
  max,
  ref,
});
/** When a post, a story or an article was published: it orders them, newest first. */
const publishedAt: FieldSpec = { input: "datetime", schema: z.string().datetime({ offset: true }).nullable(), required: true };
/** A price and its ISO 4217 currency: a deal's and a package's. */
const priceFields: Record<string, FieldSpec> = {
  price: { input: "number", schema: z.number().positive().max(10_000_000).nullable(), required: true },
  currency: {
    input: "currency",
    schema: z
      .string()
      .regex(/^[A-Z]{3}$/)
      .nullable(),
    required: true,
  },
};
const sort: FieldSpec = { input: "integer", schema: z.number().int().min(0).max(100_000), required: true, empty: 0 };
const date = (required: boolean): FieldSpec => ({ input: "date", schema: z.string().regex(isoDate).nullable(), required });

/** An uploaded image's id (POST admin/content/images). */
export const ImageIdSchema = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[\w-]+$/);
const imageFields: Record<string, FieldSpec> = {
  imageId: { input: "image", schema: ImageIdSchema.nullable(), required: false },
  /** Seeded artwork (/media/{kind}/{key}.svg); an uploaded image takes its place. */
  imageUrl: {
    input: "artwork",
    schema: z
      .string()
      .regex(/^\/media\/[\w-]+\/[\w-]+\.svg$/)
      .nullable(),
    required: false,
    readOnly: true,
  },
};

/** schema.org MedicalSpecialty values. */
export const MEDICAL_SPECIALTIES = [
  "Anesthesia",
  "Cardiovascular",
  "CommunityHealth",
  "Dentistry",
  "Dermatology",
  "DietNutrition",
  "Emergency",
  "Endocrine",
  "Gastroenterologic",
  "Genetic",
  "Geriatric",
  "Gynecologic",
  "Hematologic",
  "Infectious",
  "LaboratoryScience",
  "Midwifery",
  "Musculoskeletal",
  "Neurologic",
  "Nursing",
  "Obstetric",
  "Oncologic",
  "Optometric",
  "Otolaryngologic",
  "Pathology",
  "Pediatric",
  "PharmacySpecialty",
  "Physiotherapy",
  "PlasticSurgery",
  "Podiatric",
  "PrimaryCare",
  "Psychiatric",
  "PublicHealth",
  "Pulmonary",
  "Radiography",
  "Renal",
  "RespiratoryTherapy",
  "Rheumatologic",
  "SpeechPathology",
  "Surgical",
  "Toxicologic",
  "Urologic",
] as const;

/** The seeded doctors' drawn portraits (scripts/generate-artwork.mjs). */
export const PortraitSchema = z.object({
  hair: z.enum(["short", "receding", "long", "bob", "bun"]),
  skin: z.number().int().min(0).max(20),
  hairColor: z.number().int().min(0).max(20),
  coat: z.number().int().min(0).max(20),
});

/* Per-language fields shared by the page kinds. */

export const TITLE_MAX = 200;
/** The treatments one package may be on: a package for more is an offer of the whole clinic, not of a treatment. */
export const PACKAGE_TREATMENTS_MAX = 12;
const pageTexts: Record<string, FieldSpec> = {
  uri: { input: "uri", schema: UriSchema, required: true, max: URI_MAX },
  title: text(TITLE_MAX),
  summary: textarea(600),
  body: html(100_000),
  /** Optional: pages fall back to the title and the summary. */
  seoTitle: text(120, false),
  seoDescription: textarea(300, false),
  imageAlt: { ...text(250), required: "withImage" },
};

export interface KindSpec {
  shared: Record<string, FieldSpec>;
  texts: Record<string, FieldSpec>;
  /** The item needs an image (imageId or seeded imageUrl) to be complete in any language. */
  image: boolean;
  /** Its languages have a uri (unique per kind and language; an old published one redirects). */
  uri: boolean;
  /** The text field that names the item in lists. */
  label: string;
}

/** A blog post or a patient's story: dated, signed, with a picture, filed under `topic` (a post's category, a story's treatment). */
const postKind = (topic: Record<string, FieldSpec>): KindSpec => ({
  shared: { publishedAt, ...topic, ...imageFields },
  texts: { ...pageTexts, author: text(120) },
  image: true,
  uri: true,
  label: "title",
});

export const CONTENT_REGISTRY: Record<ContentKind, KindSpec> = {
  treatment: {
    shared: { isHighlighted: { input: "boolean", schema: z.boolean(), required: false }, sort, ...imageFields },
    texts: pageTexts,
    image: true,
    uri: true,
    label: "title",
  },
  subTreatment: {
    shared: { parentId: reference("treatment"), sort, ...imageFields },
    texts: pageTexts,
    image: true,
    uri: true,
    label: "title",
  },
  /** Blog topics: a post picks one, and shows its title. */
  category: {
    shared: {},
    texts: { title: text(100) },
    image: false,
    uri: false,
    label: "title",
  },
  blog: postKind({ categoryId: reference("category") }),
  /** Patients' stories: blog items of the API's category 3, their category the treatment's title. */
  testimonial: postKind({ treatmentId: reference("treatment") }),
  specialDeal: {
    shared: {
      ...priceFields,
      /** The public list shows a deal from this day (none: at once) to validUntil, both included. */
      validFrom: date(false),
      validUntil: date(true),
      treatmentId: reference("treatment", false),
      /** The package the deal is for (ADR 064): shown on the deal's page while it is public there. */
      packageId: reference("package", false),
      sort,
      ...imageFields,
    },
    texts: { ...pageTexts, includes: lines(30, 200) },
    image: true,
    uri: true,
    label: "title",
  },
  slider: {
    shared: {
      sort,
      /** A page name of app/route-table.json. */
      linkPage: {
        input: "page",
        schema: z
          .string()
          .regex(/^[a-z][a-z0-9-]{0,59}$/)
          .nullable(),
        required: true,
      },
      ...imageFields,
    },
    texts: {
      title: text(TITLE_MAX),
      subtitle: text(300),
      linkLabel: text(60),
      imageAlt: { ...text(250), required: "withImage" },
    },
    image: true,
    uri: false,
    label: "title",
  },
  doctor: {
    shared: {
      medicalSpecialty: { input: "specialty", schema: z.enum(MEDICAL_SPECIALTIES).nullable(), required: true },
      /** ISO 639-1 codes of the languages the doctor speaks. */
      languages: {
        input: "languages",
        schema: z.array(z.string().regex(/^[a-z]{2}$/)).max(20),
        required: true,
        max: 20,
      },
      specialistSince: { input: "integer", schema: z.number().int().min(1950).max(2100).nullable(), required: true },
      sort,
      portrait: { input: "portrait", schema: PortraitSchema.nullable(), required: false, readOnly: true },
      ...imageFields,
    },
    texts: {
      /** The slug of the doctor's page in that language. */
      uri: { input: "uri", schema: UriSchema, required: true, max: URI_MAX },
      name: text(120),
      /** "Dr.", "Prof. Dr.", in the language's usage. */
      title: text(40),
      specialty: text(200),
      focus: textarea(400),
      /** One sentence: the card's text and the page's meta description. */
      summary: textarea(170),
      bio: paragraphs(10, 2000),
      education: lines(20, 300),
      certifications: lines(20, 300),
      memberships: lines(20, 300),
      seoTitle: text(120, false),
      seoDescription: textarea(300, false),
    },
    image: true,
    uri: true,
    label: "name",
  },
  faq: {
    shared: { sort },
    texts: { question: text(300), answer: html(20_000) },
    image: false,
    uri: false,
    label: "question",
  },
  /**
   * The route table's text pages (ADR 061): one item per page, tied to it by its name, which is
   * seeded and never edited. Staff edit the words; the route table keeps the URLs, so the kind has
   * no uri, and items are neither created nor deleted nor taken down (the API refuses with 409 `fixed_page`).
   */
  page: {
    shared: {
      page: {
        input: "page",
        schema: z
          .string()
          .regex(/^[a-z][a-z0-9-]{0,59}$/)
          .nullable(),
        required: true,
        readOnly: true,
      },
    },
    texts: { title: text(TITLE_MAX), metaDescription: textarea(300), lead: textarea(1000), body: html(100_000) },
    image: false,
    uri: false,
    label: "title",
  },
  /** Articles about life in Istanbul for patients (ADR 063): the blog's fields, without author or topic; a picture is optional. */
  "about-life": {
    shared: {
      publishedAt,
      ...imageFields,
    },
    texts: pageTexts,
    image: false,
    uri: true,
    label: "title",
  },
  /**
   * Treatment packages (ADR 064): a price, what is included and the last day it is offered, for one
   * or more treatments; shown on each of those treatments' pages and beside the special deals, with
   * no page of their own.
   */
  package: {
    shared: {
      ...priceFields,
      validUntil: date(true),
      treatmentIds: references("treatment", PACKAGE_TREATMENTS_MAX),
      sort,
    },
    texts: { title: text(TITLE_MAX), summary: textarea(600), includes: lines(30, 200) },
    image: false,
    uri: false,
    label: "title",
  },
};

/* Values. */

type Values = Record<string, unknown>;

/** A value counts as filled when it is a non-blank string, a non-empty list, a number, a boolean or an object. */
export function isFilled(value: unknown): boolean {
  if (value === null || value === undefined) return false;
  if (typeof value === "string") return value.trim() !== "";
  if (Array.isArray(value)) return value.length > 0;
  return true;
}

/** The empty value of a field, what a new item starts with. */
export function emptyValue(spec: FieldSpec): unknown {
  if ("empty" in spec) return spec.empty;
  switch (spec.input) {
    case "text":
    case "uri":
    case "textarea":
    case "html":
      return "";
    case "lines":
    case "paragraphs":
    case "languages":
    case "references":
      return [];
    case "boolean":
      return false;
    default:
      return null;
  }
}

export const emptyShared = (kind: ContentKind): Values =>
  Object.fromEntries(Object.entries(CONTENT_REGISTRY[kind].shared).map(([name, spec]) => [name, emptyValue(spec)]));
export const emptyTexts = (kind: ContentKind): Values =>
  Object.fromEntries(Object.entries(CONTENT_REGISTRY[kind].texts).map(([name, spec]) => [name, emptyValue(spec)]));

export const hasImage = (shared: Values) => isFilled(shared.imageId) || isFilled(shared.imageUrl);

/**
 * The fields a language still needs before it may be published: its own required fields, the
 * item's required shared fields, and the image (named "imageId") where the kind needs one.
 * References to items that are not public in that language are the backend's check (see
 * `missing` in the item's answer), as they need the database.
 */
export function missingFields(kind: ContentKind, shared: Values, texts: Values | undefined): string[] {
  const spec = CONTENT_REGISTRY[kind];
  const missing: string[] = [];
  for (const [name, field] of Object.entries(spec.shared)) {
    if (field.required === true && !isFilled(shared[name])) missing.push(name);
  }
  if (spec.image && !hasImage(shared)) missing.push("imageId");
  for (const [name, field] of Object.entries(spec.texts)) {
    const needed = field.required === true || (field.required === "withImage" && hasImage(shared));
    if (needed && !isFilled(texts?.[name])) missing.push(name);
  }
  return missing;
}

/** One entry per line, blank lines dropped: how the editor's text areas become "lines" values. */
export const linesFromText = (value: string) =>
  value
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);
/**
 * Paragraphs separated by blank lines; a paragraph's own line breaks become spaces. Split and
 * trimmed line by line rather than replacing "spaces, line break, spaces" with one pattern: that
 * pattern, tried from every space of a long run without a line break, scans to the end of the run
 * each time (quadratic: 20,000 spaces took 0.6 s).
 */
export const paragraphsFromText = (value: string) =>
  value
    .split(/\r?\n\s*\r?\n/)
    .map((paragraph) =>
      paragraph
        .split(/\r?\n/)
        .map((line) => line.trim())
        .filter(Boolean)
        .join(" "),
    )
    .filter(Boolean);
/**
 * The longest text a list's text area may hold before it is split: every entry at its longest with
 * a blank line (CRLF) after it, twice over for indentation and hand-wrapped lines. Checked before
 * splitting, so a huge post costs one length comparison.
 */
export const listTextMax = (spec: FieldSpec) => 2 * (spec.max ?? 0) * ((spec.entryMax ?? 0) + 4);
export const textFromLines = (values: readonly string[]) => values.join("\n");
export const textFromParagraphs = (values: readonly string[]) => values.join("\n\n");

/* Schemas of what the editor sends. */

const editable = (fields: Record<string, FieldSpec>) =>
  z.object(
    Object.fromEntries(
      Object.entries(fields)
        .filter(([, spec]) => !spec.readOnly)
        .map(([name, spec]) => [name, spec.schema]),
    ),
  );

/** The shared fields a save carries (every editable one; read-only seeded ones are left alone). */
export const sharedSchema = (kind: ContentKind) => editable(CONTENT_REGISTRY[kind].shared);
/** One language's working copy as a save carries it (every field, empty ones as their empty value). */
export const textSchema = (kind: ContentKind) => editable(CONTENT_REGISTRY[kind].texts);

/**
 * The item's version a write was made from (ContentItem.version): given, a save, publish or
 * unpublish of an item that has changed since (another version was made) is refused with 409
 * `stale` on the field `version`, so one editor never silently overwrites another's work. Left
 * out, the write is made whatever changed (the last one wins).
 */
export const VersionSchema = z.number().int().min(0);

/**
 * A create or a save: the shared fields and the languages being edited. A language left out keeps
 * its working copy; one sent replaces it whole.
 */
export const contentSavePayloadSchema = (kind: ContentKind) =>
  z.object({
    shared: sharedSchema(kind),
    texts: z.object(Object.fromEntries(LANGUAGE_CODES.map((lang) => [lang, textSchema(kind).optional()]))),
    version: VersionSchema.optional(),
  });
export type ContentSavePayload = {
  shared: Values;
  texts: Partial<Record<Lang, Values>>;
  version?: number;
};

/**
 * The largest save (POST or PUT) body an item can need, from the registry: every per-language field
 * at its longest in five languages, each character at its worst as JSON (a control character is
 * written \u001f, 6 bytes; Cyrillic and Arabic take 2, an emoji's two halves 4), list entries with
 * their quotes and commas, and 64 KB for the keys and the shared fields. About 3 MB (a post's body
 * is 100,000 characters); the API's JSON limit for content is this, so a form the site accepts is
 * never too large for it.
 */
export const MAX_SAVE_PAYLOAD_BYTES = (() => {
  const WORST_JSON_BYTES_PER_CHAR = 6;
  const chars = (spec: FieldSpec) => (spec.entryMax ? (spec.max ?? 0) * (spec.entryMax + 3) : (spec.max ?? 0));
  const perLanguage = Math.max(...CONTENT_KINDS.map((kind) => Object.values(CONTENT_REGISTRY[kind].texts).reduce((sum, spec) => sum + chars(spec), 0)));
  return LANGUAGE_CODES.length * perLanguage * WORST_JSON_BYTES_PER_CHAR + 64 * 1024;
})();

export const ContentLanguagesPayloadSchema = z.object({
  languages: z.array(LanguageCodeSchema).min(1).max(LANGUAGE_CODES.length),
  version: VersionSchema.optional(),
});
/** Unpublish: the languages to take down; none given: all of them. */
export const ContentUnpublishPayloadSchema = z.object({
  languages: z.array(LanguageCodeSchema).min(1).max(LANGUAGE_CODES.length).optional(),
  version: VersionSchema.optional(),
});

/* What the staff API answers. */

const perLanguage = <T extends z.ZodTypeAny>(value: T) => z.object({ en: value, tr: value, ru: value, fr: value, ar: value });
const IdSchema = z.number().int().positive();
/** Who saved: the account's name as it now is (null once the account is deleted; the e-mail stays). */
const Author = z.object({ id: z.number().int(), email: z.string(), name: z.string().nullable().optional() }).nullable();

/** A row of an editor's list. */
export const ContentSummarySchema = z.object({
  kind: ContentKindSchema,
  id: IdSchema,
  /** The label (title, name or question) in the first language that has one: en, tr, ru, fr, ar. */
  label: z.string(),
  /** The label in each language; "" where that language has none. */
  labels: perLanguage(z.string()),
  statuses: perLanguage(ContentStatusSchema),
  updatedAt: z.string(),
});
export type ContentSummary = z.infer<typeof ContentSummarySchema>;

export const ContentTextStateSchema = z.object({
  /** The working copy (draft) in that language, every field of the kind. */
  fields: z.record(z.unknown()),
  /** The editor wants this language public (it is, once complete and published). */
  published: z.boolean(),
  status: ContentStatusSchema,
  /**
   * Required fields that are empty, shared ones included ("imageId" for a missing image), and
   * references not public in this language (a post's category, a sub-treatment's treatment).
   */
  missing: z.array(z.string()),
  /** The uri the public site answers in this language, if it is public and the kind has uris. */
  publicUri: z.string().nullable(),
});

/** One item as the editor opens it. */
export const ContentItemSchema = z.object({
  kind: ContentKindSchema,
  id: IdSchema,
  /** Every shared field of the kind, read-only seeded ones included. */
  shared: z.record(z.unknown()),
  texts: perLanguage(ContentTextStateSchema),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Its latest version's id, 0 for a seeded item nobody has changed: a write sends it back (VersionSchema). */
  version: VersionSchema,
});
export type ContentItem = z.infer<typeof ContentItemSchema>;

/**
 * What a publish, unpublish, delete or restore changed on the public site, so the site can drop
 * exactly those pages from its caches (app/lib/site/content-freshness.server.ts).
 */
export const ContentChangeSchema = z.object({
  kind: ContentKindSchema,
  id: IdSchema,
  /** Languages whose public answer for the item appeared, changed or went away. */
  languages: z.array(LanguageCodeSchema),
  /** The public uri in each language still public after the change. */
  uris: z.record(LanguageCodeSchema, z.string()),
  /** Uris the item answered before and no longer does: gone (unpublished, deleted) or renamed (now a redirect). */
  oldUris: z.record(LanguageCodeSchema, z.string()),
  /** Other items whose public answers changed with this one: a treatment's sub-treatments and testimonials, a category's posts. */
  related: z.array(z.object({ kind: ContentKindSchema, id: IdSchema })),
});
export type ContentChange = z.infer<typeof ContentChangeSchema>;

/** The answer of publish, unpublish, restore (with the item as it now is) and delete (item null). */
export const ContentWriteResultSchema = z.object({ change: ContentChangeSchema, item: ContentItemSchema.nullable() });

export const VERSION_ACTIONS = ["seed", "save", "publish", "unpublish", "restore"] as const;
export const VersionActionSchema = z.enum(VERSION_ACTIONS);

export const ContentVersionSummarySchema = z.object({
  id: IdSchema,
  action: VersionActionSchema,
  /** Who; null for the seed. */
  author: Author,
  at: z.string(),
});

/** The item as it was: shared fields, each language's working copy and whether it was marked published. */
export const ContentSnapshotSchema = z.object({
  shared: z.record(z.unknown()),
  texts: z.record(LanguageCodeSchema, z.record(z.unknown())),
  published: z.record(LanguageCodeSchema, z.boolean()),
});
export type ContentSnapshot = z.infer<typeof ContentSnapshotSchema>;

export const ContentVersionSchema = ContentVersionSummarySchema.extend({ snapshot: ContentSnapshotSchema });

export const ContentListQuerySchema = z.object({
  /** Part of a label or uri in any language. */
  q: z.string().trim().max(100).optional(),
  pageIndex: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
});
export type ContentListQuery = z.infer<typeof ContentListQuerySchema>;

/**
 * Error messages of content writes (`{ hasError: true, errors: [{ field, message }] }`); fields are
 * dotted paths: `texts.ar.uri`, `shared.price`, `languages`.
 * - 409 uri_taken: another item of the kind has that uri in that language;
 * - 409 stale (field `version`): the item changed since the version the write names;
 * - 422 required: publish asked for a language with that field empty (one error per field and language);
 * - 422 not_public: a reference (category, treatment) is not public in that language;
 * - 422 any other message: a value's format (uri_format, a length, a date) on save.
 */
export const CONTENT_ERRORS = {
  uriTaken: "uri_taken",
  required: "required",
  notPublic: "not_public",
  stale: "stale",
  /** A text page (kind `page`) is fixed by the route table: it cannot be created, deleted or taken down (409). */
  fixedPage: "fixed_page",
  /** A text page published in a language the route table gives it no URL in (422, field `languages`). */
  noPage: "no_page",
} as const;

/* Preview: the working copy in one language, in the public contract's shape of its kind. */

export const PREVIEW_SCHEMAS = {
  treatment: TreatmentSchema,
  subTreatment: SubTreatmentSchema,
  category: z.object({ id: IdSchema, title: z.string().min(1) }),
  blog: BlogPostSchema,
  testimonial: BlogPostSchema,
  specialDeal: SpecialDealSchema,
  slider: SliderSchema,
  doctor: DoctorSchema,
  faq: FaqSchema,
  page: TextPageSchema,
  "about-life": AboutLifeArticleSchema,
  package: PackageSchema,
} satisfies Record<ContentKind, z.ZodTypeAny>;
export type PreviewOf<K extends ContentKind> = z.infer<(typeof PREVIEW_SCHEMAS)[K]>;
