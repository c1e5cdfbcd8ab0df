import { CATEGORY } from "../../app/lib/platform/api/contract";
import { CONTENT_REGISTRY, isFilled, missingFields, type ContentKind, type Lang } from "../../app/lib/platform/api/content-contract";
import routeTable from "../../app/route-table.json" with { type: "json" };
import type { Values } from "./records";

/** A row of `items`, the public projection the public endpoints read (ContentStore). */
export interface ProjectedRow {
  kind: string;
  id: number;
  lang: string;
  uri: string;
  sort: number;
  category_id: number | null;
  highlighted: number;
  parent_id: number | null;
  doc: string;
}

/** An uploaded image with its resized variants (backend/content/uploaded-images.ts). */
export interface UploadedImage {
  url: string;
  width: number;
  height: number;
  srcset: { url: string; width: number }[];
}

export interface ProjectionLookup {
  /** An item's public row in a language, if it is public there. */
  row(publicKind: string, id: number, lang: Lang): ProjectedRow | undefined;
  /** An uploaded image, if it exists. */
  image(imageId: string): UploadedImage | null;
}

/** Testimonials are blog items of category 3 in the public API; every other kind keeps its name. */
export const PUBLIC_KIND: Record<ContentKind, string> = {
  treatment: "treatment",
  subTreatment: "subTreatment",
  category: "category",
  blog: "blog",
  testimonial: "blog",
  specialDeal: "specialDeal",
  slider: "slider",
  doctor: "doctor",
  faq: "faq",
  page: "page",
  "about-life": "about-life",
  package: "package",
};

/** The sizes of the seeded artwork (scripts/generate-artwork.mjs draws them). */
export const ARTWORK_SIZE = { width: 1200, height: 800 };
export const SLIDER_SIZE = { width: 1600, height: 900 };
export const PORTRAIT_SIZE = { width: 400, height: 480 };
const artworkSize = (kind: ContentKind) => (kind === "slider" ? SLIDER_SIZE : kind === "doctor" ? PORTRAIT_SIZE : ARTWORK_SIZE);

/**
 * The shared fields that point at another item, and the kind each points at, where the public page
 * needs it: one reference, the item public in the language; a list (a package's treatments), at least one of them.
 */
const PUBLIC_REFERENCES: Partial<Record<ContentKind, { field: string; kind: ContentKind }>> = {
  subTreatment: { field: "parentId", kind: "treatment" },
  blog: { field: "categoryId", kind: "category" },
  testimonial: { field: "treatmentId", kind: "treatment" },
  package: { field: "treatmentIds", kind: "treatment" },
};

/**
 * Every reference field, public or not, and whether it holds a list of ids: an item others point at
 * cannot be deleted, and its publish re-projects them.
 */
export const REFERENCES: { kind: ContentKind; field: string; to: ContentKind; list: boolean }[] = (Object.keys(CONTENT_REGISTRY) as ContentKind[]).flatMap(
  (kind) =>
    Object.entries(CONTENT_REGISTRY[kind].shared)
      .filter(([, spec]) => spec.input === "reference" || spec.input === "references")
      .map(([field, spec]) => ({ kind, field, to: spec.ref!, list: spec.input === "references" })),
);

/** SQL true when `column` (a JSON document of shared fields) points at the id bound as `?`, in a single or a list reference. */
export const pointsAt = (ref: { field: string; list: boolean }, column: string) =>
  ref.list ? `EXISTS (SELECT 1 FROM json_each(${column}, '$.${ref.field}') WHERE value = ?)` : `json_extract(${column}, '$.${ref.field}') = ?`;

/** The ids of a list reference that are public in the language, in the editor's order. */
const publicIds = (ids: unknown, kind: ContentKind, lang: Lang, lookup: ProjectionLookup) =>
  (Array.isArray(ids) ? ids : []).filter((id): id is number => typeof id === "number" && lookup.row(PUBLIC_KIND[kind], id, lang) !== undefined);

interface PageDef {
  name: string;
  document?: boolean;
  slugs: Partial<Record<Lang, string>>;
  standIns?: Partial<Record<Lang, string>>;
}
const pageExists = (name: unknown, lang: Lang) => {
  const page = (routeTable.pages as PageDef[]).find((p) => p.name === name);
  return !!page && (page.slugs[lang] !== undefined || page.standIns?.[lang] !== undefined);
};
export const isPageName = (name: string) => (routeTable.pages as PageDef[]).some((p) => p.name === name);
/** The languages a text page is also offered in as a document file (ADR 052): where the owner may upload its PDF (ADR 061). */
export const documentLanguages = (name: unknown): Lang[] => {
  const page = (routeTable.pages as PageDef[]).find((p) => p.name === name);
  return page?.document ? (Object.keys(page.slugs) as Lang[]) : [];
};
/** The languages a text page has a URL in (its slugs; a stand-in shows another page): where its item may be published (ADR 061). */
export const pageLanguages = (name: unknown): Lang[] => {
  const page = (routeTable.pages as PageDef[]).find((p) => p.name === name);
  return page ? (Object.keys(page.slugs) as Lang[]) : [];
};

/**
 * What a language needs from elsewhere to be public: the referenced item public in that language,
 * the uploaded image present, the slider's page existing in that language. Names the shared fields.
 */
export function unmetReferences(kind: ContentKind, shared: Values, lang: Lang, lookup: ProjectionLookup): string[] {
  const unmet: string[] = [];
  const ref = PUBLIC_REFERENCES[kind];
  const value = ref && shared[ref.field];
  if (ref && typeof value === "number" && !lookup.row(PUBLIC_KIND[ref.kind], value, lang)) unmet.push(ref.field);
  if (ref && Array.isArray(value) && value.length > 0 && publicIds(value, ref.kind, lang, lookup).length === 0) unmet.push(ref.field);
  if (isFilled(shared.imageId) && !lookup.image(shared.imageId as string)) unmet.push("imageId");
  if (kind === "slider" && isFilled(shared.linkPage) && !pageExists(shared.linkPage, lang)) unmet.push("linkPage");
  return unmet;
}

function imageOf(kind: ContentKind, shared: Values, lookup: ProjectionLookup) {
  if (isFilled(shared.imageId)) {
    const image = lookup.image(shared.imageId as string);
    return image && { url: image.url, width: image.width, height: image.height, srcset: image.srcset };
  }
  if (isFilled(shared.imageUrl)) return { url: shared.imageUrl as string, ...artworkSize(kind) };
  return null;
}

/** The image with its alt text, keys in the contract's order (url, width, height, alt, srcset). */
function withAlt(image: NonNullable<ReturnType<typeof imageOf>>, alt: string) {
  const { srcset, ...rest } = image as typeof image & { srcset?: UploadedImage["srcset"] };
  return srcset ? { ...rest, alt, srcset } : { ...rest, alt };
}

/** seoTitle and seoDescription only where written: seeded items' answers stay as they were. */
const seo = (text: Values) => ({
  ...(isFilled(text.seoTitle) ? { seoTitle: text.seoTitle } : {}),
  ...(isFilled(text.seoDescription) ? { seoDescription: text.seoDescription } : {}),
});

const page = (text: Values, image: ReturnType<typeof withAlt> | null) => ({
  title: text.title,
  summary: text.summary,
  body: text.body,
  image,
});

const titleOf = (row: ProjectedRow | undefined) => (row ? (JSON.parse(row.doc) as { title: string }).title : "");
const dateSort = (iso: unknown) => -Math.floor(Date.parse(iso as string) / 1000);

/**
 * An item's public row in one language, built from what was published (shared fields and that
 * language's text), or null when that is incomplete or needs something not public there.
 * The seed goes through here too, so seeded and edited content read the same.
 */
export function projectRow(kind: ContentKind, id: number, shared: Values, text: Values, lang: Lang, lookup: ProjectionLookup): ProjectedRow | null {
  if (missingFields(kind, shared, text).length > 0 || unmetReferences(kind, shared, lang, lookup).length > 0) return null;
  const image = imageOf(kind, shared, lookup);
  const alt = String(text.imageAlt ?? "");
  const base = {
    kind: PUBLIC_KIND[kind],
    id,
    lang,
    // A text page is found by its route-table name; its URLs stay the table's (ADR 061).
    uri: CONTENT_REGISTRY[kind].uri ? String(text.uri) : kind === "page" ? String(shared.page) : String(id),
    category_id: null,
    highlighted: 0,
    parent_id: null,
  };
  const doc = (value: unknown) => JSON.stringify(value);
  switch (kind) {
    case "treatment":
      return {
        ...base,
        sort: shared.sort as number,
        category_id: CATEGORY.treatments,
        highlighted: shared.isHighlighted ? 1 : 0,
        doc: doc({ ...page(text, withAlt(image!, alt)), ...seo(text) }),
      };
    case "subTreatment": {
      const parent = lookup.row("treatment", shared.parentId as number, lang)!;
      // Listed under their treatment, in its order.
      return {
        ...base,
        sort: parent.sort * 1_000_000 + (shared.sort as number),
        parent_id: parent.id,
        doc: doc({ ...page(text, withAlt(image!, alt)), ...seo(text) }),
      };
    }
    case "blog":
    case "testimonial": {
      // A post shows its topic's title; a patient's story the title of the treatment they had.
      const category =
        kind === "blog"
          ? titleOf(lookup.row("category", shared.categoryId as number, lang))
          : titleOf(lookup.row("treatment", shared.treatmentId as number, lang));
      return {
        ...base,
        sort: dateSort(shared.publishedAt),
        category_id: kind === "blog" ? CATEGORY.blog : CATEGORY.testimonials,
        doc: doc({ ...page(text, withAlt(image!, alt)), publishedAt: shared.publishedAt, author: text.author, category, ...seo(text) }),
      };
    }
    case "specialDeal":
      return {
        ...base,
        sort: shared.sort as number,
        doc: doc({
          ...page(text, withAlt(image!, alt)),
          priceFrom: { amount: shared.price, currency: shared.currency },
          validUntil: shared.validUntil,
          includes: text.includes,
          ...(isFilled(shared.validFrom) ? { validFrom: shared.validFrom } : {}),
          // The site shows the package while it is public and valid; it may not be in every language.
          ...(isFilled(shared.packageId) ? { packageId: shared.packageId } : {}),
          ...seo(text),
        }),
      };
    case "package":
      // On the pages of those of its treatments public in the language (a treatment taken down
      // there re-projects it, as a reference's dependent).
      return {
        ...base,
        sort: shared.sort as number,
        doc: doc({
          title: text.title,
          summary: text.summary,
          includes: text.includes,
          price: { amount: shared.price, currency: shared.currency },
          validUntil: shared.validUntil,
          treatmentIds: publicIds(shared.treatmentIds, "treatment", lang, lookup),
        }),
      };
    case "slider":
      return {
        ...base,
        sort: shared.sort as number,
        doc: doc({ title: text.title, subtitle: text.subtitle, image: withAlt(image!, alt), linkLabel: text.linkLabel, linkPage: shared.linkPage }),
      };
    case "doctor":
      return {
        ...base,
        sort: shared.sort as number,
        doc: doc({
          name: text.name,
          title: text.title,
          specialty: text.specialty,
          focus: text.focus,
          summary: text.summary,
          bio: text.bio,
          education: text.education,
          certifications: text.certifications,
          memberships: text.memberships,
          medicalSpecialty: shared.medicalSpecialty,
          languages: shared.languages,
          specialistSince: shared.specialistSince,
          image: image!,
          ...seo(text),
        }),
      };
    case "faq":
      return { ...base, sort: shared.sort as number, doc: doc({ question: text.question, answer: text.answer }) };
    case "about-life":
      // Newest first, as the blog; a picture is optional.
      return {
        ...base,
        sort: dateSort(shared.publishedAt),
        doc: doc({ ...page(text, image && withAlt(image, alt)), publishedAt: shared.publishedAt, ...seo(text) }),
      };
    case "category":
      return { ...base, sort: 0, doc: doc({ title: text.title }) };
    case "page":
      return {
        ...base,
        sort: 0,
        doc: doc({ page: shared.page, title: text.title, metaDescription: text.metaDescription, lead: text.lead, body: text.body }),
      };
  }
}
