import type { ContentKind } from "~/lib/platform/api/content-contract";

/** The route-table page that shows each kind's items (a category's posts are on the blog); sliders are on home only. */
export const KIND_PAGES: Record<ContentKind, string | null> = {
  treatment: "treatments",
  subTreatment: "treatments",
  category: "blog",
  blog: "blog",
  testimonial: "testimonials",
  specialDeal: "special-deals",
  slider: null,
  doctor: "doctors",
  faq: "faq",
  /** Each text page is its own route-table page (ADR 061): no list shows them. */
  page: null,
  "about-life": "about-life",
  /** Shown beside the deals, and on their treatments' pages. */
  package: "special-deals",
};
