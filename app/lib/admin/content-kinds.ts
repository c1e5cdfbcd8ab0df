import { CONTENT_KINDS, type ContentKind, type Lang } from "~/lib/platform/api/content-contract";
import { LANGUAGE_CODES } from "~/lib/platform/api/contract";
import { NOTICE_KINDS, type NoticeKind } from "~/lib/platform/api/push-contract";
import { KIND_PAGES } from "~/lib/site/kind-pages";
import { getPage, isLang } from "~/lib/site/route-table";

/**
 * Kinds whose items the site fixes (ADR 061): the route table's text pages are edited and published,
 * never created, deleted or taken down, so their screens offer no New, Delete or Unpublish.
 */
export const isFixedKind = (kind: ContentKind) => kind === "page";

/** The editor lists in the order the Content page and its sub-menu show them. */
export const EDITOR_KINDS: readonly ContentKind[] = CONTENT_KINDS;

/** Where a kind's screens live: `/admin/content/blog`, `…/blog/12`, `…/blog/12/versions`. */
export const contentPath = (kind: ContentKind, id?: number | "new", rest = "") => `/admin/content/${kind}${id === undefined ? "" : `/${id}`}${rest}`;

/**
 * The route-table page each previewable kind's items are shown on (routes/admin/content-preview.tsx
 * previews the same kinds, its PREVIEW_KINDS; a unit test holds the two lists together).
 */
export const PREVIEW_PAGES: Partial<Record<ContentKind, string | null>> = {
  blog: "blog",
  treatment: "treatments",
  subTreatment: "treatments",
  specialDeal: "special-deals",
  doctor: "doctors",
  faq: "faq",
  /** Each text page is its own route-table page (ADR 061): the preview says where it has none. */
  page: null,
  "about-life": "about-life",
};

/** Whether a draft of the kind has a preview in the language: its page exists there (Turkish has no blog). */
export const hasPreview = (kind: ContentKind, lang: string) => {
  const page = PREVIEW_PAGES[kind];
  return page !== undefined && isLang(lang) && (page === null || getPage(page)?.slugs[lang] !== undefined);
};

/**
 * The languages a kind's items can be written and published in: those where its page exists. The
 * Turkish site has no blog and no doctors, so their editors offer no Turkish (nothing could show it).
 */
export const kindLanguages = (kind: ContentKind): Lang[] => {
  const page = KIND_PAGES[kind];
  return LANGUAGE_CODES.filter((lang) => page === null || getPage(page)?.slugs[lang] !== undefined);
};

/** The kinds whose publishing offers "notify subscribers" (issue 44 item 4, ADR 059): a deal, a treatment, a blog post. */
export const offersNotice = (kind: ContentKind): kind is NoticeKind => (NOTICE_KINDS as readonly string[]).includes(kind);
