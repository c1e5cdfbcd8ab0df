import type { Db } from "./db";

export interface ItemRow {
  kind: string;
  id: number;
  lang: string;
  uri: string;
  category_id: number | null;
  highlighted: number;
  parent_id: number | null;
  doc: string;
}

interface Page {
  pageIndex: number;
  pageSize: number;
  categoryId?: number;
  isHighlighted?: boolean;
}

/**
 * Reads the public projection (`items`, written by the seed and by publishing) in the contract's
 * shapes, for one language at a time. An item is here in a language only while it is complete and
 * published there, so lists, details and languagePaths follow that rule by construction.
 */
export class ContentStore {
  /** today: the day (UTC, YYYY-MM-DD) deals are listed for. */
  constructor(
    private db: Db,
    private today: () => string = () => new Date().toISOString().slice(0, 10),
  ) {}

  private rows(kind: string, lang: string, where = "", params: unknown[] = []): ItemRow[] {
    return this.db.prepare(`SELECT * FROM items WHERE kind = ? AND lang = ? ${where} ORDER BY sort, id`).all(kind, lang, ...params) as ItemRow[];
  }

  private row(kind: string, lang: string, id: number): ItemRow | undefined {
    return this.db.prepare("SELECT * FROM items WHERE kind = ? AND lang = ? AND id = ?").get(kind, lang, id) as ItemRow | undefined;
  }

  /** Every language's uri of the item, so the site can switch language and link alternates. */
  private languagePaths(kind: string, id: number) {
    const rows = this.db.prepare("SELECT lang, uri FROM items WHERE kind = ? AND id = ?").all(kind, id) as {
      lang: string;
      uri: string;
    }[];
    return rows.map((r) => ({ languageCode: r.lang, route: r.uri }));
  }

  private content(row: ItemRow) {
    return { id: row.id, uri: row.uri, ...JSON.parse(row.doc), languagePaths: this.languagePaths(row.kind, row.id) };
  }

  /** A row in its kind's public shape: the detail endpoints' answers, and the editor's preview of a draft. */
  present(row: ItemRow, parent?: ItemRow): unknown {
    switch (row.kind) {
      case "treatment":
        return this.treatmentOf(row);
      case "subTreatment":
        return this.subTreatmentOf(row, parent);
      case "blog":
        return { ...this.content(row), categoryId: row.category_id };
      case "slider":
      case "faq":
      case "package":
      case "category":
      case "page":
        return { id: row.id, ...JSON.parse(row.doc) };
      default:
        return this.content(row);
    }
  }

  private page<T>(all: T[], q: Page) {
    const start = (q.pageIndex - 1) * q.pageSize;
    return {
      hasError: false,
      result: { data: all.slice(start, start + q.pageSize), totalCount: all.length, pageIndex: q.pageIndex, pageSize: q.pageSize },
    };
  }

  private subTreatmentSummaries(lang: string, treatmentId: number) {
    return this.rows("subTreatment", lang, "AND parent_id = ?", [treatmentId]).map((r) => {
      const { title, summary, image } = JSON.parse(r.doc);
      return { id: r.id, uri: r.uri, title, summary, image };
    });
  }

  private treatmentOf(row: ItemRow) {
    return {
      ...this.content(row),
      categoryId: row.category_id ?? 1,
      isHighlighted: row.highlighted === 1,
      subTreatments: this.subTreatmentSummaries(row.lang, row.id),
    };
  }

  treatments(lang: string, q: Page) {
    let rows = this.rows("treatment", lang);
    if (q.categoryId !== undefined) rows = rows.filter((r) => r.category_id === q.categoryId);
    if (q.isHighlighted !== undefined) rows = rows.filter((r) => (r.highlighted === 1) === q.isHighlighted);
    return this.page(
      rows.map((r) => this.treatmentOf(r)),
      q,
    );
  }

  menuTreatments(lang: string, q: Page) {
    const rows = this.rows("treatment", lang).map((r) => ({ id: r.id, uri: r.uri, title: JSON.parse(r.doc).title }));
    return this.page(rows, q);
  }

  treatment(lang: string, id: number) {
    const row = this.row("treatment", lang, id);
    return row && this.treatmentOf(row);
  }

  /** Publishing keeps a sub-treatment public only under a public treatment; the preview may lack one. */
  private subTreatmentOf(row: ItemRow, parent = this.row("treatment", row.lang, row.parent_id!)) {
    if (!parent) return undefined;
    return { ...this.content(row), treatment: { id: parent.id, uri: parent.uri, title: JSON.parse(parent.doc).title } };
  }

  subTreatments(lang: string) {
    const all = this.rows("subTreatment", lang).flatMap((r) => this.subTreatmentOf(r) ?? []);
    return this.page(all, { pageIndex: 1, pageSize: Math.max(all.length, 1) });
  }

  subTreatment(lang: string, id: number) {
    const row = this.row("subTreatment", lang, id);
    return row && this.subTreatmentOf(row);
  }

  blog(lang: string, q: Page & { categoryId: number }) {
    const rows = this.rows("blog", lang, "AND category_id = ?", [q.categoryId]);
    return this.page(
      rows.map((r) => ({ ...this.content(r), categoryId: r.category_id })),
      q,
    );
  }

  blogPost(lang: string, id: number) {
    const row = this.row("blog", lang, id);
    return row && { ...this.content(row), categoryId: row.category_id };
  }

  /** "About life" articles (ADR 063), newest first. */
  aboutLife(lang: string, q: Page) {
    return this.page(
      this.rows("about-life", lang).map((r) => this.content(r)),
      q,
    );
  }

  aboutLifeArticle(lang: string, id: number) {
    const row = this.row("about-life", lang, id);
    return row && this.content(row);
  }

  /** Treatment packages (ADR 064) valid today (to validUntil, included), in their sort order. */
  packages(lang: string, q: Page) {
    const today = this.today();
    const valid = this.rows("package", lang).filter((r) => today <= (JSON.parse(r.doc) as { validUntil: string }).validUntil);
    return this.page(
      valid.map((r) => ({ id: r.id, ...JSON.parse(r.doc) })),
      q,
    );
  }

  /** The deals valid today: from validFrom (if any) to validUntil, both days included. */
  specialDeals(lang: string, q: Page) {
    const today = this.today();
    const valid = this.rows("specialDeal", lang).filter((r) => {
      const { validFrom, validUntil } = JSON.parse(r.doc) as { validFrom?: string; validUntil: string };
      return (!validFrom || validFrom <= today) && today <= validUntil;
    });
    return this.page(
      valid.map((r) => this.content(r)),
      q,
    );
  }

  specialDeal(lang: string, id: number) {
    const row = this.row("specialDeal", lang, id);
    return row && this.content(row);
  }

  sliders(lang: string) {
    const all = this.rows("slider", lang).map((r) => ({ id: r.id, ...JSON.parse(r.doc) }));
    return this.page(all, { pageIndex: 1, pageSize: Math.max(all.length, 1) });
  }

  doctors(lang: string, q: Page) {
    return this.page(
      this.rows("doctor", lang).map((r) => this.content(r)),
      q,
    );
  }

  doctor(lang: string, id: number) {
    const row = this.row("doctor", lang, id);
    return row && this.content(row);
  }

  /** A doctor by the slug of their page in that language. */
  doctorByUri(lang: string, uri: string) {
    const row = this.db.prepare("SELECT * FROM items WHERE kind = 'doctor' AND lang = ? AND uri = ?").get(lang, uri) as ItemRow | undefined;
    return row && this.content(row);
  }

  faqs(lang: string, q: Page) {
    return this.page(
      this.rows("faq", lang).map((r) => ({ id: r.id, ...JSON.parse(r.doc) })),
      q,
    );
  }

  /** A route-table text page by its name (ADR 061), while it is published in that language. */
  textPage(lang: string, name: string) {
    const row = this.db.prepare("SELECT * FROM items WHERE kind = 'page' AND lang = ? AND uri = ?").get(lang, name) as ItemRow | undefined;
    return row && { id: row.id, ...JSON.parse(row.doc) };
  }

  /**
   * Where an item that once had this uri in this language now lives, while it is public there.
   * kind is the editor's (testimonial apart from blog); the projection keeps testimonials as blog rows.
   */
  redirect(kind: string, lang: string, uri: string) {
    const target = this.db.prepare("SELECT id FROM content_redirects WHERE kind = ? AND lang = ? AND old_uri = ?").pluck().get(kind, lang, uri) as
      number | undefined;
    const row = target === undefined ? undefined : this.row(kind === "testimonial" ? "blog" : kind, lang, target);
    return row && row.uri !== uri ? { kind, id: row.id, uri: row.uri } : undefined;
  }

  institutionTypes(lang: string) {
    const all = this.rows("institutionType", lang).map((r) => ({ id: r.id, ...JSON.parse(r.doc) }));
    return this.page(all, { pageIndex: 1, pageSize: Math.max(all.length, 1) });
  }
}
