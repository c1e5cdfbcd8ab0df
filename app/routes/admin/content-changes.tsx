import { titleMeta } from "~/lib/admin/title-meta";
import type { LoaderFunctionArgs } from "@remix-run/node";
import type { ReactNode } from "react";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AdminError } from "~/components/admin/admin-error";
import { ContentNav } from "~/components/admin/content-nav";
import { fieldLabel } from "~/components/admin/content-field";
import { compareVersions, type FieldChange } from "~/lib/admin/content-compare";
import { optionLabels, referenceNames, timeLabels } from "~/lib/admin/content-labels";
import { contentPath } from "~/lib/admin/content-kinds";
import { staffDateTime } from "~/lib/admin/staff-time";
import { isFilled, type FieldSpec } from "~/lib/platform/api/content-contract";
import { nativeLanguageName, textDirection } from "~/lib/site/route-table";
import { adminTitle, editorOptions, i18next, idParam, kindParam, requirePage, staffCall } from "./content-changes.server";

export const handle = { i18n: ["admin"] };
export const meta = titleMeta;

/** Versions read a page at a time while looking for the one before; an item with more than this many pages of versions compares with `?from=`. */
const SCAN_PAGES = 20;
const SCAN_SIZE = 100;

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const staff = requirePage(request, context, "content-changes");
  const kind = kindParam(params);
  const id = idParam(params.id);
  const versionId = idParam(params.versionId);
  const api = context.staffApi.as(staff.token);
  const asked = new URL(request.url).searchParams.get("from");
  let fromId = asked ? idParam(asked) : null;
  if (fromId === null) {
    // The version just before this one: the next older in the item's list, newest first.
    for (let page = 1; page <= SCAN_PAGES && fromId === null; page++) {
      const list = await staffCall(context, () => api.get("contentVersions", { params: { kind, id }, query: { pageIndex: page, pageSize: SCAN_SIZE } }));
      const ids = list.result.data.map((v) => v.id);
      const at = ids.indexOf(versionId);
      if (at >= 0 && at + 1 < ids.length) fromId = ids[at + 1];
      else if (at >= 0 || ids.length < SCAN_SIZE) break;
    }
  }
  const [after, before] = await staffCall(context, () =>
    Promise.all([
      api.get("contentVersion", { params: { kind, id, versionId } }),
      fromId === null ? Promise.resolve(null) : api.get("contentVersion", { params: { kind, id, versionId: fromId } }),
    ]),
  );
  const lang = await i18next.getLocale(request);
  const t = await i18next.getFixedT(request, "admin");
  const versionOf = (v: typeof after.result) => ({
    id: v.id,
    at: v.at,
    when: staffDateTime(lang, v.at),
    action: v.action,
    author: v.author?.name ?? v.author?.email ?? null,
  });
  const title = await adminTitle(request, "content.compare.title", { date: staffDateTime(lang, after.result.at) });
  if (!before) return { kind, id, after: versionOf(after.result), before: null, changes: null, title };
  const [optionsAfter, optionsBefore] = await Promise.all([
    editorOptions(request, context, api, kind, after.result.snapshot.shared),
    editorOptions(request, context, api, kind, before.result.snapshot.shared),
  ]);
  const labels = {
    ...optionLabels(optionsBefore),
    ...optionLabels(optionsAfter),
    ...timeLabels(kind, before.result.snapshot.shared, lang),
    ...timeLabels(kind, after.result.snapshot.shared, lang),
  };
  for (const [name, times] of Object.entries(timeLabels(kind, before.result.snapshot.shared, lang))) labels[name] = { ...labels[name], ...times };
  const read = (name: string, spec: FieldSpec, value: unknown) => {
    if (!isFilled(value)) return "";
    if (spec.input === "image") return t("content.compare.image");
    const known = referenceNames(spec, labels[name], value) ?? labels[name]?.[String(value)];
    if (known) return known;
    if (Array.isArray(value)) return value.join(spec.input === "paragraphs" ? "\n\n" : spec.input === "languages" ? ", " : "\n");
    if (typeof value === "boolean") return t(value ? "leads.yes" : "leads.no");
    return String(value);
  };
  return {
    kind,
    id,
    after: versionOf(after.result),
    before: versionOf(before.result),
    changes: compareVersions(kind, before.result.snapshot, after.result.snapshot, read),
    title,
  };
}

export default function ContentChanges() {
  const { kind, id, after, before, changes } = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation("admin");
  const uiLang = i18n.language;
  const named = (v: NonNullable<typeof before>) => `${v.when} · ${t(`content.versions.actions.${v.action}`)} · ${v.author ?? t("content.versions.noAuthor")}`;
  /** A value before or after, in the text's language; "no value" in the reader's. */
  const cell = (field: FieldChange, shown: ReactNode, lang?: string) => (
    <td className={field.long ? "admin-pre" : undefined} lang={lang} dir="auto">
      {shown || (
        <span className="admin-muted" lang={uiLang}>
          {t("content.noValue")}
        </span>
      )}
    </td>
  );
  const table = (fields: FieldChange[], lang?: string) => (
    <table className="admin-table content-changes">
      <thead lang={uiLang}>
        <tr>
          <th scope="col">{t("content.compare.field")}</th>
          <th scope="col">{t("content.compare.before")}</th>
          <th scope="col">{t("content.compare.after")}</th>
        </tr>
      </thead>
      <tbody>
        {fields.map((field) => (
          <tr key={field.name} data-field={field.name}>
            <th scope="row" lang={uiLang}>
              {fieldLabel(t, kind, field.name)}
            </th>
            {cell(field, field.before && <del>{field.before}</del>, lang)}
            {cell(field, field.after && <ins>{field.after}</ins>, lang)}
          </tr>
        ))}
      </tbody>
    </table>
  );
  return (
    <section className="admin-page">
      <ContentNav />
      <p>
        <Link to={contentPath(kind, id, "/versions")}>{t("content.versions.back")}</Link>
      </p>
      <h1>{t("content.compare.title", { date: after.when })}</h1>
      {!before || !changes ? (
        <p className="admin-panel">{t("content.compare.first")}</p>
      ) : (
        <>
          <dl className="admin-panel admin-details">
            <div>
              <dt>{t("content.compare.before")}</dt>
              <dd>
                <Link to={contentPath(kind, id, `/versions/${before.id}`)}>{named(before)}</Link>
              </dd>
            </div>
            <div>
              <dt>{t("content.compare.after")}</dt>
              <dd>
                <Link to={contentPath(kind, id, `/versions/${after.id}`)}>{named(after)}</Link>
              </dd>
            </div>
          </dl>
          <section className="admin-panel" aria-labelledby="changes-shared" id="changes-shared-section">
            <h2 id="changes-shared">{t("content.shared")}</h2>
            {changes.shared.length ? table(changes.shared) : <p>{t("content.compare.noChange")}</p>}
          </section>
          {changes.texts.map(({ lang, fields, published }) => (
            <section key={lang} className="admin-panel" aria-labelledby={`changes-${lang}`} id={`changes-${lang}-section`}>
              <h2 id={`changes-${lang}`}>
                <span lang={lang}>{nativeLanguageName(lang)}</span>
                {t(`siteLanguages.${lang}`) !== nativeLanguageName(lang) ? ` (${t(`siteLanguages.${lang}`)})` : null}
              </h2>
              {published ? <p>{t(published[1] ? "content.compare.nowPublished" : "content.compare.nowUnpublished")}</p> : null}
              {fields.length ? <div dir={textDirection(lang)}>{table(fields, lang)}</div> : published ? null : <p>{t("content.compare.noChange")}</p>}
            </section>
          ))}
        </>
      )}
    </section>
  );
}

export const ErrorBoundary = AdminError;
