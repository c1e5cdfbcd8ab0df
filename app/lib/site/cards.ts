import type { BlogPost, Package, SpecialDeal, Treatment } from "~/lib/platform/api/contract";
import { formatDate, formatPrice, isoDay } from "~/lib/site/format";
import { detailPath, subDetailPath, type Lang } from "~/lib/site/route-table";

/**
 * What the cards show, built in loaders (any page can list posts, deals or testimonials):
 * paths from the route table, dates and prices already formatted in the page's language.
 */

type Image = BlogPost["image"];

export interface TreatmentCardData {
  id: number;
  title: string;
  summary: string;
  image: Image;
  path: string;
  /** The treatment's options (sub-treatments), each with its own page. */
  options?: { id: number; title: string; path: string }[];
}

/**
 * A treatment's card; the treatments list also shows its options, the home page's teaser does not.
 * Only what the card shows goes to the browser, not the treatment's full text.
 */
export function toTreatmentCard(treatment: Treatment, lang: Lang, { withOptions = false } = {}): TreatmentCardData {
  const card: TreatmentCardData = {
    id: treatment.id,
    title: treatment.title,
    summary: treatment.summary,
    image: treatment.image,
    path: detailPath("treatments", lang, treatment.uri, treatment.id)!,
  };
  if (!withOptions) return card;
  const options = treatment.subTreatments.map((sub) => ({ id: sub.id, title: sub.title, path: subDetailPath("treatments", lang, treatment, sub)! }));
  return { ...card, options };
}

export interface BlogCardData {
  id: number;
  title: string;
  summary: string;
  category: string;
  path: string;
  image: Image;
  date: { iso: string; label: string };
}

export function toBlogCard(post: BlogPost, lang: Lang): BlogCardData {
  return {
    id: post.id,
    title: post.title,
    summary: post.summary,
    category: post.category,
    path: detailPath("blog", lang, post.uri, post.id)!,
    image: post.image,
    date: { iso: isoDay(post.publishedAt), label: formatDate(lang, post.publishedAt) },
  };
}

export interface DealCardData {
  id: number;
  title: string;
  summary: string;
  path: string;
  image: Image;
  price: string;
  validUntil: { iso: string; label: string };
}

export function toDealCard(deal: SpecialDeal, lang: Lang): DealCardData {
  return {
    id: deal.id,
    title: deal.title,
    summary: deal.summary,
    path: detailPath("special-deals", lang, deal.uri, deal.id)!,
    image: deal.image,
    price: formatPrice(lang, deal.priceFrom.amount, deal.priceFrom.currency),
    validUntil: { iso: isoDay(deal.validUntil), label: formatDate(lang, deal.validUntil) },
  };
}

/** A deal runs to the end of its last day. */
export const isDealOpen = (deal: SpecialDeal, now = new Date()) => isoDay(deal.validUntil) >= isoDay(now.toISOString());

export interface TestimonialCardData {
  id: number;
  title: string;
  summary: string;
  /** "Name, country" as the patient agreed to be named. */
  author: string;
  /** The treatment the patient had, when the API names it. */
  treatment: string;
  image: Image;
  /** The patient's own words, sanitized HTML; left out where a teaser is enough. */
  body?: string;
}

export function toTestimonialCard(post: BlogPost, body?: string): TestimonialCardData {
  return {
    id: post.id,
    title: post.title,
    summary: post.summary,
    author: post.author,
    treatment: post.category,
    image: post.image,
    body,
  };
}

export interface PackageCardData {
  id: number;
  title: string;
  summary: string;
  includes: string[];
  price: string;
  validUntil: { iso: string; label: string };
}

/** A treatment package (ADR 064): its price and last day formatted in the page's language. */
export function toPackageCard(pkg: Package, lang: Lang): PackageCardData {
  return {
    id: pkg.id,
    title: pkg.title,
    summary: pkg.summary,
    includes: pkg.includes,
    price: formatPrice(lang, pkg.price.amount, pkg.price.currency),
    validUntil: { iso: pkg.validUntil, label: formatDate(lang, pkg.validUntil) },
  };
}
