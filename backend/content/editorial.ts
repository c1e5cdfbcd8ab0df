import { LANGUAGE_CODES } from "../../app/lib/platform/api/contract";
import {
  CONTENT_ERRORS,
  CONTENT_REGISTRY,
  contentSavePayloadSchema,
  emptyShared,
  emptyTexts,
  missingFields,
  type ContentChange,
  type ContentItem,
  type ContentKind,
  type ContentListQuery,
  type ContentStatus,
  type ContentSummary,
  type Lang,
} from "../../app/lib/platform/api/content-contract";
import { cleanRichText } from "../../app/lib/site/sanitize.server";
import type { AuditFacts } from "../../app/lib/platform/api/admin-contract";
import type { Actor, AuditLog } from "../audit";
import type { Clock } from "../clock";
import type { ContentStore, ItemRow } from "../content-store";
import type { Db } from "../db";
import { isPageName, pageLanguages, pointsAt, projectRow, PUBLIC_KIND, REFERENCES, unmetReferences, type ProjectionLookup } from "./projection";
import { createProjector } from "./projector";
import { createContentRecords, stableJson, type ItemState, type Values } from "./records";
import { createImageResolver } from "./uploaded-images";

export interface FieldError {
  field: string;
  message: string;
}
/** An answer the router sends as it is: 404, 409 or 422 with field errors. */
export type Refusal = { ok: false; status: 404 | 409 | 422; errors: FieldError[] };
type Result<T> = { ok: true; value: T } | Refusal;

const refuse = (status: Refusal["status"], errors: FieldError[]): Refusal => ({ ok: false, status, errors });
const notFound = refuse(404, [{ field: "id", message: "not_found" }]);
/** The write names a version the item has moved past: another editor's work would be overwritten. */
const stale = refuse(409, [{ field: "version", message: CONTENT_ERRORS.stale }]);
const isStale = (item: ItemState, version: number | undefined) => version !== undefined && version !== item.version;
/** Text pages are the route table's (ADR 061): staff edit and publish their words, never make, delete or take one down. */
const fixedPage = (field: string) => refuse(409, [{ field, message: CONTENT_ERRORS.fixedPage }]);
/** A bound on what a refusal lists: a whole garbage body should not answer megabytes of errors. */
const MAX_ERRORS = 50;
/** The editor's list reads at most this many items of a kind. */
const MAX_ITEMS = 5000;

/**
 * The editorial store (ADR 016): working copies and versions in the content_* tables; the public
 * projection (`items`) changes only on publish, unpublish and delete. Every method runs in one
 * SQLite transaction, so the projection never shows half a change.
 */
export function createEditorial({ db, audit, clock, content }: { db: Db; audit: AuditLog; clock: Clock; content: ContentStore }) {
  const records = createContentRecords(db);
  const images = createImageResolver(db);
  const projector = createProjector(db, records, images);
  const now = () => new Date(clock()).toISOString();
  const exists = db.prepare("SELECT 1 FROM content_items WHERE kind = ? AND id = ?");

  /* Reading. */

  /** Required fields still empty, and what the language needs from elsewhere (a public parent, the image). */
  const missingIn = (item: ItemState, lang: Lang, lookup: ProjectionLookup = projector.lookup) => {
    const fields = item.texts[lang]?.fields ?? emptyTexts(item.kind);
    return [...new Set([...missingFields(item.kind, item.shared, fields), ...unmetReferences(item.kind, item.shared, lang, lookup)])];
  };

  /**
   * Whether a working copy says what was published. The seed's bodies were published as written and
   * a save stores them sanitized (entities, attribute order): compared sanitized, a save that changed
   * nothing leaves the language "published", not "changed".
   */
  const sameText = (kind: ContentKind, a: Values | null | undefined, b: Values | null | undefined) =>
    a && b ? stableJson(cleaned(kind, a)) === stableJson(cleaned(kind, b)) : stableJson(a) === stableJson(b);

  function view(item: ItemState): ContentItem {
    const rows = projector.publicRows(item.kind, item.id);
    const texts = Object.fromEntries(
      LANGUAGE_CODES.map((lang) => {
        const text = item.texts[lang];
        const missing = missingIn(item, lang);
        const row = rows[lang];
        const changed = !!row && (!sameText(item.kind, text?.fields, text?.publishedFields) || stableJson(item.shared) !== stableJson(item.publishedShared));
        const status: ContentStatus = row ? (changed ? "changed" : "published") : missing.length ? "incomplete" : "draft";
        return [
          lang,
          {
            fields: text?.fields ?? emptyTexts(item.kind),
            published: text?.published ?? false,
            status,
            missing,
            publicUri: row && CONTENT_REGISTRY[item.kind].uri ? row.uri : null,
          },
        ];
      }),
    ) as ContentItem["texts"];
    return { kind: item.kind, id: item.id, shared: item.shared, texts, createdAt: item.createdAt, updatedAt: item.updatedAt, version: item.version };
  }

  function summary(item: ContentItem): ContentSummary {
    const labelField = CONTENT_REGISTRY[item.kind].label;
    const labels = Object.fromEntries(LANGUAGE_CODES.map((lang) => [lang, String(item.texts[lang].fields[labelField] ?? "")])) as ContentSummary["labels"];
    return {
      kind: item.kind,
      id: item.id,
      label: LANGUAGE_CODES.map((lang) => labels[lang]).find((label) => label.trim() !== "") ?? "",
      labels,
      statuses: Object.fromEntries(LANGUAGE_CODES.map((lang) => [lang, item.texts[lang].status])) as ContentSummary["statuses"],
      updatedAt: item.updatedAt,
    };
  }

  function list(kind: ContentKind, query: ContentListQuery) {
    const needle = query.q?.toLocaleLowerCase();
    const all = records
      .ids(kind, MAX_ITEMS)
      .map((id) => view(records.load(kind, id)!))
      .filter(
        (item) =>
          !needle ||
          LANGUAGE_CODES.some((lang) => {
            const fields = item.texts[lang].fields;
            return [fields[CONTENT_REGISTRY[kind].label], fields.uri].some((v) => typeof v === "string" && v.toLocaleLowerCase().includes(needle));
          }),
      );
    const start = (query.pageIndex - 1) * query.pageSize;
    return { data: all.slice(start, start + query.pageSize).map(summary), totalCount: all.length };
  }

  const get = (kind: ContentKind, id: number) => {
    const item = records.load(kind, id);
    return item && view(item);
  };

  /* Checks on what an editor sends. */

  /** A language's fields with its HTML cleaned of anything unsafe (the page shapes it when it shows it). */
  function cleaned(kind: ContentKind, fields: Values): Values {
    return Object.fromEntries(
      Object.entries(fields).map(([name, value]) => [
        name,
        CONTENT_REGISTRY[kind].texts[name]?.input === "html" && typeof value === "string" && value.trim() !== "" ? cleanRichText(value) : value,
      ]),
    );
  }

  /** The payload parsed and cleaned: bodies keep the allowed structure only. */
  function parsePayload(kind: ContentKind, body: unknown): Result<{ shared: Values; texts: Partial<Record<Lang, Values>>; version?: number }> {
    const parsed = contentSavePayloadSchema(kind).safeParse(body);
    if (!parsed.success) {
      return refuse(
        422,
        parsed.error.issues.slice(0, MAX_ERRORS).map((issue) => ({ field: issue.path.join("."), message: issue.message })),
      );
    }
    const texts: Partial<Record<Lang, Values>> = {};
    for (const [lang, fields] of Object.entries(parsed.data.texts) as [Lang, Values | undefined][]) {
      if (!fields) continue;
      texts[lang] = cleaned(kind, fields);
    }
    return { ok: true, value: { shared: parsed.data.shared as Values, texts, version: parsed.data.version } };
  }

  /** References to items that exist, an uploaded image that exists, a page the route table has. */
  function checkShared(kind: ContentKind, shared: Values): FieldError[] {
    const errors: FieldError[] = [];
    for (const [field, spec] of Object.entries(CONTENT_REGISTRY[kind].shared)) {
      const value = shared[field];
      if (value === null || value === undefined) continue;
      if (spec.input === "reference" && !exists.get(spec.ref, value)) errors.push({ field: `shared.${field}`, message: "unknown" });
      // A list with any id that names no item of its kind: one error for the field.
      if (spec.input === "references" && (value as number[]).some((ref) => !exists.get(spec.ref, ref)))
        errors.push({ field: `shared.${field}`, message: "unknown" });
      if (spec.input === "image" && !images(value as string)) errors.push({ field: `shared.${field}`, message: "unknown" });
      if (spec.input === "page" && !isPageName(value as string)) errors.push({ field: `shared.${field}`, message: "unknown" });
    }
    return errors;
  }

  function takenUris(kind: ContentKind, id: number, texts: Partial<Record<Lang, Values>>): FieldError[] {
    if (!CONTENT_REGISTRY[kind].uri) return [];
    return (Object.entries(texts) as [Lang, Values][])
      .filter(([lang, fields]) => typeof fields.uri === "string" && fields.uri !== "" && records.uriTaken(kind, lang, fields.uri, id))
      .map(([lang]) => ({ field: `texts.${lang}.uri`, message: CONTENT_ERRORS.uriTaken }));
  }

  const record = (action: string, kind: ContentKind, id: number, actor: Actor, detail: string | null, facts?: AuditFacts) =>
    audit.record({ actor, action: `content.${action}`, target: `${kind}:${id}`, detail, facts: { kind, ...facts } });

  /* Writing. */

  /** Create (id null) or save: the working copy changes, the public site does not. */
  function save(kind: ContentKind, id: number | null, body: unknown, actor: Actor): Result<ContentItem> {
    if (kind === "page" && id === null) return fixedPage("kind");
    const payload = parsePayload(kind, body);
    if (!payload.ok) return payload;
    const { shared, texts, version } = payload.value;
    const invalid = checkShared(kind, shared);
    if (invalid.length) return refuse(422, invalid);
    return db.transaction((): Result<ContentItem> => {
      const existing = id === null ? null : records.load(kind, id);
      if (id !== null && !existing) return notFound;
      if (existing && isStale(existing, version)) return stale;
      const itemId = id ?? records.nextId();
      const taken = takenUris(kind, itemId, texts);
      if (taken.length) return refuse(409, taken);
      const at = now();
      if (existing) records.keepSeedVersion(existing);
      if (existing) records.writeShared(kind, itemId, { ...existing.shared, ...shared }, at);
      else records.create(kind, itemId, { ...emptyShared(kind), ...shared }, at);
      for (const [lang, fields] of Object.entries(texts) as [Lang, Values][]) records.writeText(kind, itemId, lang, fields);
      const item = records.load(kind, itemId)!;
      records.addVersion(item, "save", actor, at);
      if (!existing) record("create", kind, itemId, actor, null);
      return { ok: true, value: view(item) };
    })();
  }

  type Change = { change: ContentChange; item: ContentItem | null };

  /** Publishes these languages' working copies (and the shared fields); 422 names what an incomplete language lacks. */
  function publish(kind: ContentKind, id: number, langs: Lang[], actor: Actor, version?: number): Result<Change> {
    return db.transaction((): Result<Change> => {
      const item = records.load(kind, id);
      if (!item) return notFound;
      if (isStale(item, version)) return stale;
      const noPage = kind === "page" ? langs.filter((lang) => !pageLanguages(item.shared.page).includes(lang)) : [];
      if (noPage.length) return refuse(422, [{ field: "languages", message: CONTENT_ERRORS.noPage }]);
      const errors = langs.flatMap((lang) => {
        const fields = item.texts[lang]?.fields ?? emptyTexts(kind);
        const required = missingFields(kind, item.shared, fields);
        const unmet = unmetReferences(kind, item.shared, lang, projector.lookup).filter((f) => !required.includes(f));
        return [
          ...required.map((f) => ({ field: `texts.${lang}.${f}`, message: CONTENT_ERRORS.required })),
          ...unmet.map((f) => ({ field: `texts.${lang}.${f}`, message: CONTENT_ERRORS.notPublic })),
        ];
      });
      if (errors.length) return refuse(422, errors.slice(0, MAX_ERRORS));
      const at = now();
      records.keepSeedVersion(item);
      records.publish(kind, id, item.shared, Object.fromEntries(langs.map((lang) => [lang, item.texts[lang]!.fields])), at);
      const change = projector.apply(kind, id);
      const after = records.load(kind, id)!;
      records.addVersion(after, "publish", actor, at);
      record("publish", kind, id, actor, langs.join(", "), { languages: langs });
      return { ok: true, value: { change, item: view(after) } };
    })();
  }

  /** Takes languages (all, when none are named) off the public site; the working copies stay. */
  function unpublish(kind: ContentKind, id: number, langs: Lang[] | undefined, actor: Actor, version?: number): Result<Change> {
    if (kind === "page") return fixedPage("id");
    return db.transaction((): Result<Change> => {
      const item = records.load(kind, id);
      if (!item) return notFound;
      if (isStale(item, version)) return stale;
      const targets = langs ?? LANGUAGE_CODES.filter((lang) => item.texts[lang]?.published);
      const at = now();
      records.keepSeedVersion(item);
      records.unpublish(kind, id, targets, at);
      const change = projector.apply(kind, id);
      const after = records.load(kind, id)!;
      records.addVersion(after, "unpublish", actor, at);
      record("unpublish", kind, id, actor, targets.join(", ") || "none", { languages: targets });
      return { ok: true, value: { change, item: view(after) } };
    })();
  }

  /** Deletes the item, its texts and its public pages; its versions stay. Refused (409) while other items point at it. */
  function remove(kind: ContentKind, id: number, actor: Actor): Result<Change> {
    if (kind === "page") return fixedPage("id");
    return db.transaction((): Result<Change> => {
      if (!records.load(kind, id)) return notFound;
      const users = REFERENCES.filter((p) => p.to === kind).flatMap(
        (p) =>
          db
            .prepare(`SELECT id FROM content_items WHERE kind = ? AND (${pointsAt(p, "fields")} OR ${pointsAt(p, "published_fields")})`)
            .pluck()
            .all(p.kind, id, id) as number[],
      );
      if (users.length) return refuse(409, [{ field: "id", message: "in_use" }]);
      records.remove(kind, id);
      const change = projector.apply(kind, id);
      record("delete", kind, id, actor, null);
      return { ok: true, value: { change, item: null } };
    })();
  }

  /** Copies a version into the working copy (a new version); publishing then shows it. */
  function restore(kind: ContentKind, id: number, versionId: number, actor: Actor): Result<Change> {
    return db.transaction((): Result<Change> => {
      const item = records.load(kind, id);
      const version = item && records.version(kind, id, versionId);
      if (!item || !version) return notFound;
      const { shared, texts } = version.snapshot;
      const taken = takenUris(kind, id, texts);
      if (taken.length) return refuse(409, taken);
      const at = now();
      records.writeShared(kind, id, { ...emptyShared(kind), ...shared }, at);
      for (const [lang, fields] of Object.entries(texts) as [Lang, Values][]) records.writeText(kind, id, lang, { ...emptyTexts(kind), ...fields });
      const after = records.load(kind, id)!;
      records.addVersion(after, "restore", actor, at);
      record("restore", kind, id, actor, `version ${versionId}`, { version: versionId });
      const uris = CONTENT_REGISTRY[kind].uri ? Object.fromEntries(Object.entries(projector.publicRows(kind, id)).map(([lang, row]) => [lang, row!.uri])) : {};
      return { ok: true, value: { change: { kind, id, languages: [], uris, oldUris: {}, related: [] }, item: view(after) } };
    })();
  }

  /**
   * The working copy in one language as the public endpoint would answer once published. A
   * reference not public yet (a new treatment's sub-treatment) is shown from its own working copy.
   */
  function preview(kind: ContentKind, id: number, lang: Lang): Result<unknown> {
    const item = records.load(kind, id);
    if (!item) return notFound;
    const draftRow = (refKind: string, refId: number) => {
      const ref = (Object.keys(PUBLIC_KIND) as ContentKind[]).find((k) => PUBLIC_KIND[k] === refKind && exists.get(k, refId));
      const refItem = ref && records.load(ref, refId);
      const text = refItem && refItem.texts[lang]?.fields;
      return refItem && text ? (projectRow(refItem.kind, refId, refItem.shared, text, lang, projector.lookup) ?? undefined) : undefined;
    };
    const lookup: ProjectionLookup = {
      row: (refKind, refId, refLang) => projector.lookup.row(refKind, refId, refLang) ?? draftRow(refKind, refId),
      image: projector.lookup.image,
    };
    const missing = missingIn(item, lang, lookup);
    const text = item.texts[lang]?.fields;
    const row = text && !missing.length ? projectRow(kind, id, item.shared, text, lang, lookup) : null;
    if (!row)
      return refuse(
        422,
        missing.map((f) => ({ field: `texts.${lang}.${f}`, message: CONTENT_ERRORS.required })),
      );
    const parent = kind === "subTreatment" ? lookup.row("treatment", row.parent_id!, lang) : undefined;
    const shaped = content.present(row as ItemRow, parent as ItemRow | undefined) as { languagePaths?: { languageCode: string; route: string }[] };
    if (shaped.languagePaths) {
      const own = { languageCode: lang, route: row.uri };
      const others = shaped.languagePaths.filter((p) => p.languageCode !== lang);
      shaped.languagePaths =
        others.length < shaped.languagePaths.length ? shaped.languagePaths.map((p) => (p.languageCode === lang ? own : p)) : [...others, own];
    }
    return { ok: true, value: shaped };
  }

  return {
    list,
    get,
    save,
    publish,
    unpublish,
    remove,
    restore,
    preview,
    versions: records.versions,
    version: records.version,
    exists: (kind: ContentKind, id: number) => exists.get(kind, id) !== undefined,
  };
}
export type Editorial = ReturnType<typeof createEditorial>;
