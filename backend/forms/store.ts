import {
  formProblems,
  type BuiltForm,
  type FormDefinition,
  type FormLang,
  type FormPublication,
  type FormSummary,
  type FormVersion,
  type PublicForm,
  type PublishedForm,
} from "../../app/lib/platform/api/forms-contract";
import type { Db } from "../db";

const MAX_FORMS = 500;

/** A publish refused: the codes of what the language lacks (formProblems), or its slug taken by another form. */
export type PublishRefusal = { problems: string[] } | { slugTaken: true };

/** Built forms (ADR 065): drafts, published versions, and what each language's slug shows. */
export function createFormStore(db: Db, clock: () => number) {
  const iso = () => new Date(clock()).toISOString();
  const all = db.prepare(`SELECT id, name, updated_at AS updatedAt FROM forms ORDER BY id DESC LIMIT ${MAX_FORMS}`);
  const one = db.prepare("SELECT id, name, definition, updated_at AS updatedAt FROM forms WHERE id = ?");
  const insert = db.prepare("INSERT INTO forms (name, definition, created_at, updated_at) VALUES (?, ?, ?, ?)");
  const update = db.prepare("UPDATE forms SET name = ?, definition = ?, updated_at = ? WHERE id = ?");
  const publications = db.prepare(
    "SELECT lang, slug, version_id AS versionId, published_at AS publishedAt FROM form_publications WHERE form_id = ? ORDER BY lang",
  );
  const versionCount = db.prepare("SELECT COUNT(*) FROM form_versions WHERE form_id = ?").pluck();
  const keepVersion = db.prepare("INSERT INTO form_versions (form_id, definition, author_id, published_at) VALUES (?, ?, ?, ?)");
  const version = db.prepare("SELECT id, form_id AS formId, definition, published_at AS publishedAt FROM form_versions WHERE id = ?");
  const publication = db.prepare("SELECT slug FROM form_publications WHERE form_id = ? AND lang = ?").pluck();
  const slugOwner = db.prepare("SELECT form_id FROM form_publications WHERE lang = ? AND slug = ?").pluck();
  const upsert = db.prepare(
    `INSERT INTO form_publications (form_id, lang, slug, version_id, published_at) VALUES (?, ?, ?, ?, ?)
     ON CONFLICT (form_id, lang) DO UPDATE SET slug = excluded.slug, version_id = excluded.version_id, published_at = excluded.published_at`,
  );
  const unpublish = db.prepare("DELETE FROM form_publications WHERE form_id = ? AND lang = ?");
  const keepOldSlug = db.prepare(
    "INSERT INTO form_old_slugs (lang, slug, form_id) VALUES (?, ?, ?) ON CONFLICT (lang, slug) DO UPDATE SET form_id = excluded.form_id",
  );
  const dropOldSlug = db.prepare("DELETE FROM form_old_slugs WHERE lang = ? AND slug = ?");
  const dropOldSlugsOf = db.prepare("DELETE FROM form_old_slugs WHERE form_id = ? AND lang = ?");
  const oldSlug = db.prepare("SELECT form_id FROM form_old_slugs WHERE lang = ? AND slug = ?").pluck();
  const published = db.prepare(
    `SELECT p.form_id AS formId, p.lang, p.slug, p.version_id AS versionId, v.definition FROM form_publications p
     JOIN form_versions v ON v.id = p.version_id ORDER BY p.form_id, p.lang LIMIT ${MAX_FORMS * 5}`,
  );
  const publishedOne = db.prepare(
    `SELECT p.form_id AS formId, p.lang, p.slug, p.version_id AS versionId, v.definition FROM form_publications p
     JOIN form_versions v ON v.id = p.version_id WHERE p.form_id = ? AND p.lang = ?`,
  );

  const summary = (row: { id: number; name: string; updatedAt: string }): FormSummary => ({ ...row, published: publications.all(row.id) as FormPublication[] });
  function get(id: number): BuiltForm | null {
    const row = one.get(id) as { id: number; name: string; definition: string; updatedAt: string } | undefined;
    if (!row) return null;
    return { ...summary(row), definition: JSON.parse(row.definition) as FormDefinition, versions: versionCount.get(id) as number };
  }
  const pageOf = (row: { formId: number; lang: FormLang; slug: string; versionId: number; definition: string }): PublicForm => {
    const definition = JSON.parse(row.definition) as FormDefinition;
    const page = definition.pages[row.lang]!;
    return { formId: row.formId, lang: row.lang, slug: row.slug, versionId: row.versionId, title: page.title, intro: page.intro, definition };
  };

  return {
    list: () => (all.all() as { id: number; name: string; updatedAt: string }[]).map(summary),
    get,
    create(definition: FormDefinition) {
      const now = iso();
      return get(Number(insert.run(definition.name, JSON.stringify(definition), now, now).lastInsertRowid))!;
    },
    /** A draft's new text; null when the form is gone. Published languages keep showing their version. */
    save(id: number, definition: FormDefinition) {
      if (!update.run(definition.name, JSON.stringify(definition), iso(), id).changes) return null;
      return get(id);
    },
    /**
     * The draft as a new version, shown in `lang` under the draft's slug; the language's earlier slug
     * then answers with a redirect. Null when the form is gone.
     */
    publish(id: number, lang: FormLang, by: number): BuiltForm | PublishRefusal | null {
      return db.transaction(() => {
        const form = get(id);
        if (!form) return null;
        const problems = formProblems(form.definition, lang);
        if (problems.length) return { problems };
        const slug = form.definition.pages[lang]!.slug;
        const owner = slugOwner.get(lang, slug) as number | undefined;
        if (owner !== undefined && owner !== id) return { slugTaken: true as const };
        const now = iso();
        const versionId = Number(keepVersion.run(id, JSON.stringify(form.definition), by, now).lastInsertRowid);
        const before = publication.get(id, lang) as string | undefined;
        if (before && before !== slug) keepOldSlug.run(lang, before, id);
        // A slug in use again is the page's own now, not another form's redirect.
        dropOldSlug.run(lang, slug);
        upsert.run(id, lang, slug, versionId, now);
        return get(id)!;
      })();
    },
    /** Out of a language: its page and its earlier slugs answer 404. Null when the form is gone. */
    unpublish(id: number, lang: FormLang) {
      return db.transaction(() => {
        if (!get(id)) return null;
        unpublish.run(id, lang);
        dropOldSlugsOf.run(id, lang);
        return get(id)!;
      })();
    },
    version: (id: number): FormVersion | null => {
      const row = version.get(id) as (Omit<FormVersion, "definition"> & { definition: string }) | undefined;
      return row ? { ...row, definition: JSON.parse(row.definition) as FormDefinition } : null;
    },
    published: (): PublishedForm[] =>
      (published.all() as { formId: number; lang: FormLang; slug: string; versionId: number; definition: string }[]).map((row) => {
        const { definition: _definition, intro: _intro, ...listed } = pageOf(row);
        return listed;
      }),
    /** The form a language's slug shows, or the one it showed before (with its current slug); null otherwise. */
    page(lang: FormLang, slug: string): PublicForm | null {
      const formId = (slugOwner.get(lang, slug) ?? oldSlug.get(lang, slug)) as number | undefined;
      if (formId === undefined) return null;
      const row = publishedOne.get(formId, lang) as { formId: number; lang: FormLang; slug: string; versionId: number; definition: string } | undefined;
      return row ? pageOf(row) : null;
    },
  };
}

export type FormStore = ReturnType<typeof createFormStore>;
