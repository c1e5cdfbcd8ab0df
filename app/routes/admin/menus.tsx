import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AdminError } from "~/components/admin/admin-error";
import { AuthenticityTokenInput } from "~/components/form/form-kit";
import { docToRows, placeOf, readMenuForm, rowsToDoc, type MenuRow, type NewRow, type RowErrors } from "~/lib/admin/menu-form";
import { menuScreenWords, menuTable, type MenuScreenWords } from "~/lib/admin/menu-screen";
import { menuPreviewPath } from "~/components/page-kit";
import { staffDateTime } from "~/lib/admin/staff-time";
import { MENU_LABEL_MAX, MENU_RELS, MENU_URL_MAX } from "~/lib/platform/api/menus-contract";
import { defaultMenuDoc, type MenuArea } from "~/lib/site/menu-shapes";
import { isLang, languages, type Lang } from "~/lib/site/route-table";
import { adminTitle, data, i18next, menusChanged, redirectWithToast, requirePage, requirePost, staffCall, staffFailure } from "./menus.server";
import { ApiError } from "~/lib/platform/api/errors";

export const handle = { i18n: ["admin"] };
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title }];

const langOf = (request: Request): Lang => {
  const lang = new URL(request.url).searchParams.get("lang");
  return isLang(lang) ? lang : "en";
};
const back = (lang: Lang) => `/admin/menus?lang=${lang}`;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const staff = requirePage(request, context, "menus");
  const lang = langOf(request);
  const { result: state } = await staffCall(context, () => context.staffApi.as(staff.token).get("menus", { params: { lang } }));
  // The form starts from the draft; with none, from what shows now (the published menu, else the table's).
  const doc = state.draft ?? state.published ?? defaultMenuDoc(menuTable, lang);
  return {
    lang,
    rows: docToRows(doc),
    words: menuScreenWords(lang, await i18next.getFixedT(lang, "common")),
    draftSavedAt: state.draftSavedAt,
    publishedAt: state.publishedAt,
    // Whether publishing would change what visitors see.
    unpublished: state.draft !== null && JSON.stringify(state.draft) !== JSON.stringify(state.published),
    title: await adminTitle(request, "menu.menus"),
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { staff, form } = await requirePost(request, context, "menus");
  const lang = langOf(request);
  const api = context.staffApi.as(staff.token);
  const step = form.get("do");
  if (step === "publish" || step === "withdraw") {
    const answer = await staffCall(context, () => api.send("POST", `admin/menus/${lang}/${step}`));
    if (answer.status === 409) return redirectWithToast(context, back(lang), "admin:menus.nothingToPublish");
    if (answer.status !== 200) staffFailure(context, new ApiError("status", `POST admin/menus/${step} answered ${answer.status}`, answer.status));
    // The header and footer are on every kept page, on every instance.
    menusChanged(context);
    return redirectWithToast(context, back(lang), step === "publish" ? "admin:menus.published" : "admin:menus.withdrawn");
  }
  const made = rowsToDoc(menuTable, lang, readMenuForm(form));
  if ("errors" in made) return data({ errors: made.errors, rows: made.rows, newRow: made.newRow }, { status: 400 });
  const answer = await staffCall(context, () => api.send("PUT", `admin/menus/${lang}/draft`, made.doc));
  if (answer.status === 400 || answer.status === 422)
    return data({ errors: { form: "rejected" } as RowErrors, rows: made.rows, newRow: null }, { status: 400 });
  if (answer.status !== 200) staffFailure(context, new ApiError("status", `PUT admin/menus/draft answered ${answer.status}`, answer.status));
  return redirectWithToast(context, back(lang), "admin:menus.saved");
}

export default function Menus() {
  const loaded = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { t, i18n } = useTranslation("admin");
  const { lang, words, draftSavedAt, publishedAt, unpublished } = loaded;
  const rows = answer?.rows ?? loaded.rows;
  const errors = answer?.errors ?? {};
  const messages = Object.entries(errors).map(([at, code]) =>
    at === "form" ? t(`menus.errors.${code}`) : `${at === "new" ? t("menus.add") : t("menus.row", { n: Number(at) + 1 })}: ${t(`menus.errors.${code}`)}`,
  );
  return (
    <section className="admin-page">
      <h1>{t("menu.menus")}</h1>
      <p>{t("menus.intro")}</p>
      <nav aria-label={t("menus.languages")}>
        <ul className="menus-langs">
          {languages.map((code) => (
            <li key={code}>
              <a href={back(code)} aria-current={code === lang ? "page" : undefined}>
                {t(`siteLanguages.${code}`)}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <div className="admin-panel" aria-labelledby="menus-state-title">
        <h2 id="menus-state-title">{t("menus.state", { language: t(`siteLanguages.${lang}`) })}</h2>
        <p data-testid="menus-published">{publishedAt ? t("menus.publishedAt", { at: staffDateTime(i18n.language, publishedAt) }) : t("menus.defaultShown")}</p>
        <p>{draftSavedAt ? t("menus.draftSavedAt", { at: staffDateTime(i18n.language, draftSavedAt) }) : t("menus.noDraft")}</p>
        <div className="admin-actions">
          {draftSavedAt ? (
            <a className="button" href={menuPreviewPath(lang)}>
              {t("menus.preview")}
            </a>
          ) : null}
          <Form method="post" action={`?lang=${lang}`} className="admin-inline-form">
            <AuthenticityTokenInput />
            {draftSavedAt ? (
              <button type="submit" name="do" value="publish" className="button button-primary" aria-describedby={unpublished ? undefined : "menus-same"}>
                {t("menus.publish")}
              </button>
            ) : null}
            {publishedAt ? (
              <button type="submit" name="do" value="withdraw" className="button">
                {t("menus.withdraw")}
              </button>
            ) : null}
          </Form>
        </div>
        {draftSavedAt && !unpublished ? (
          <p id="menus-same" className="admin-muted">
            {t("menus.same")}
          </p>
        ) : null}
      </div>
      <Form method="post" action={`?lang=${lang}`} className="admin-panel" aria-labelledby="menus-edit-title" lang={i18n.language}>
        <AuthenticityTokenInput />
        <h2 id="menus-edit-title">{t("menus.edit")}</h2>
        <p>{t("menus.editHint")}</p>
        {messages.length ? (
          <div className="form-alert" role="alert">
            <ul>
              {messages.map((m) => (
                <li key={m}>{m}</li>
              ))}
            </ul>
          </div>
        ) : null}
        <input type="hidden" name="rows" value={rows.length} />
        {(["header", "footer"] as const).map((area) => (
          <fieldset key={area} className="admin-fieldset">
            <legend>{t(`menus.areas.${area}`)}</legend>
            <ol className="menus-rows">
              {rows.map((row, i) =>
                row.place.split(">")[0] === area ? <Row key={i} index={i} row={row} rows={rows} words={words} lang={lang} error={errors[String(i)]} /> : null,
              )}
            </ol>
          </fieldset>
        ))}
        <NewRowFields rows={rows} words={words} lang={lang} error={errors.new} values={answer?.newRow ?? null} />
        <AddGroup rows={rows} words={words} />
        <div className="admin-actions">
          <button type="submit" name="do" value="save" className="button button-primary">
            {t("menus.save")}
          </button>
        </div>
      </Form>
    </section>
  );
}

/** The places a link may sit: the header's top, and each group the menu keeps. */
function places(rows: MenuRow[], words: MenuScreenWords, t: (key: string, o?: Record<string, string>) => string) {
  const groups = (area: MenuArea) =>
    rows
      .filter((r) => r.type === "group" && r.place === area)
      .map((r) => ({
        value: placeOf(area, r.group),
        label: `${t(`menus.areas.${area}`)} › ${r.label || words.groups[area].find((g) => g.key === r.group)?.label || r.group}`,
      }));
  return [{ value: "header", label: t("menus.headerTop") }, ...groups("header"), ...groups("footer")];
}

function Row({ index, row, rows, words, lang, error }: { index: number; row: MenuRow; rows: MenuRow[]; words: MenuScreenWords; lang: Lang; error?: string }) {
  const { t } = useTranslation("admin");
  const id = `menu-row-${index}`;
  const name = (field: string) => `${index}.${field}`;
  const errorId = `${id}-error`;
  const child = row.place.includes(">");
  const groupLabel = (area: string) => words.groups[area as MenuArea]?.find((g) => g.key === row.group)?.label ?? row.group;
  const placeholder =
    row.type === "group"
      ? groupLabel(row.place)
      : row.type === "treatments"
        ? words.treatments
        : row.type === "page"
          ? (words.labels[row.place.split(">")[0] as MenuArea]?.[row.page] ?? "")
          : undefined;
  const described = error ? errorId : undefined;
  return (
    <li className={child ? "menus-row menus-row-child" : "menus-row"} data-type={row.type}>
      <input type="hidden" name={name("type")} value={row.type} />
      <input type="hidden" name={name("group")} value={row.group} />
      {/* A page row says what it is by its Page field; the others by a line of their own. */}
      {row.type === "page" ? null : (
        <p className="menus-row-what">
          <strong>
            {row.type === "group" ? t("menus.group", { name: groupLabel(row.place) }) : row.type === "treatments" ? t("menus.treatments") : t("menus.external")}
          </strong>
        </p>
      )}
      <div className="field menus-pos">
        <label htmlFor={`${id}-pos`}>{t("menus.position")}</label>
        <input id={`${id}-pos`} name={name("pos")} type="number" inputMode="numeric" min={0} max={9999} defaultValue={row.pos} aria-describedby={described} />
      </div>
      {row.type === "page" ? (
        <div className="field">
          <label htmlFor={`${id}-page`}>{t("menus.pageField")}</label>
          <select id={`${id}-page`} name={name("page")} defaultValue={row.page} aria-describedby={described}>
            {words.pages.some((p) => p.name === row.page) ? null : <option value={row.page}>{row.page}</option>}
            {words.pages.map((p) => (
              <option key={p.name} value={p.name} lang={lang}>
                {p.title}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      {row.type === "url" ? <UrlFields id={id} name={name} row={row} described={described} /> : null}
      <div className="field">
        <label htmlFor={`${id}-label`}>{t("menus.label")}</label>
        <input
          id={`${id}-label`}
          name={name("label")}
          type="text"
          maxLength={MENU_LABEL_MAX}
          defaultValue={row.label}
          placeholder={placeholder}
          dir="auto"
          lang={lang}
          required={row.type === "url"}
          aria-describedby={described}
        />
      </div>
      {row.type === "page" || row.type === "url" ? (
        <div className="field">
          <label htmlFor={`${id}-place`}>{t("menus.place")}</label>
          <select id={`${id}-place`} name={name("place")} defaultValue={row.place}>
            {places(rows, words, t).map((p) => (
              <option key={p.value} value={p.value}>
                {p.label}
              </option>
            ))}
          </select>
        </div>
      ) : (
        <input type="hidden" name={name("place")} value={row.place} />
      )}
      {row.type === "treatments" ? null : (
        <div className="checkbox-row">
          <input id={`${id}-remove`} name={name("remove")} type="checkbox" />
          <label htmlFor={`${id}-remove`}>{t(row.type === "group" ? "menus.removeGroup" : "menus.remove")}</label>
        </div>
      )}
      {error ? (
        <p id={errorId} className="field-error">
          {t(`menus.errors.${error}`)}
        </p>
      ) : null}
    </li>
  );
}

function UrlFields({
  id,
  name,
  row,
  described,
}: {
  id: string;
  name: (field: string) => string;
  row: Pick<MenuRow, "url" | "rel" | "newTab">;
  described?: string;
}) {
  const { t } = useTranslation("admin");
  return (
    <>
      <div className="field">
        <label htmlFor={`${id}-url`}>{t("menus.url")}</label>
        <input
          id={`${id}-url`}
          name={name("url")}
          type="url"
          inputMode="url"
          maxLength={MENU_URL_MAX}
          defaultValue={row.url}
          dir="ltr"
          aria-describedby={described}
        />
      </div>
      <fieldset className="menus-rel">
        <legend>{t("menus.rel")}</legend>
        {MENU_RELS.map((rel) => (
          <span key={rel} className="checkbox-row">
            <input id={`${id}-rel-${rel}`} name={name("rel")} type="checkbox" value={rel} defaultChecked={row.rel.includes(rel)} />
            <label htmlFor={`${id}-rel-${rel}`}>
              <code>{rel}</code>
            </label>
          </span>
        ))}
      </fieldset>
      <div className="checkbox-row">
        <input id={`${id}-newTab`} name={name("newTab")} type="checkbox" defaultChecked={row.newTab} />
        <label htmlFor={`${id}-newTab`}>{t("menus.newTab")}</label>
      </div>
    </>
  );
}

/** One link to add: a page or an address, with where it goes. */
function NewRowFields({ rows, words, lang, error, values }: { rows: MenuRow[]; words: MenuScreenWords; lang: Lang; error?: string; values: NewRow | null }) {
  const { t } = useTranslation("admin");
  const id = "menu-new";
  const name = (field: string) => `new.${field}`;
  const described = error ? `${id}-error` : undefined;
  return (
    <fieldset className="admin-fieldset menus-new">
      <legend>{t("menus.add")}</legend>
      <p className="field-hint">{t("menus.addHint")}</p>
      <div className="checkbox-row">
        <input id={`${id}-type-page`} name={name("type")} type="radio" value="page" defaultChecked={values?.type !== "url"} />
        <label htmlFor={`${id}-type-page`}>{t("menus.page")}</label>
      </div>
      <div className="checkbox-row">
        <input id={`${id}-type-url`} name={name("type")} type="radio" value="url" defaultChecked={values?.type === "url"} />
        <label htmlFor={`${id}-type-url`}>{t("menus.external")}</label>
      </div>
      <div className="admin-form-grid">
        <div className="field">
          <label htmlFor={`${id}-place`}>{t("menus.place")}</label>
          <select id={`${id}-place`} name={name("place")} defaultValue={values?.place ?? "header"}>
            {places(rows, words, t).map((p) => (
              <option key={p.value} value={p.value}>
                {p.label}
              </option>
            ))}
          </select>
        </div>
        <div className="field menus-pos">
          <label htmlFor={`${id}-pos`}>{t("menus.position")}</label>
          <input id={`${id}-pos`} name={name("pos")} type="number" inputMode="numeric" min={0} max={9999} defaultValue={values?.pos ?? ""} />
        </div>
        <div className="field">
          <label htmlFor={`${id}-page`}>{t("menus.pageField")}</label>
          <select id={`${id}-page`} name={name("page")} defaultValue={values?.page ?? ""} aria-describedby={described}>
            <option value="">{t("menus.noPage")}</option>
            {words.pages.map((p) => (
              <option key={p.name} value={p.name} lang={lang}>
                {p.title}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={`${id}-label`}>{t("menus.label")}</label>
          <input id={`${id}-label`} name={name("label")} type="text" maxLength={MENU_LABEL_MAX} defaultValue={values?.label ?? ""} dir="auto" lang={lang} />
        </div>
      </div>
      <UrlFields id={id} name={name} row={values ?? { url: "", rel: [], newTab: false }} described={described} />
      {error ? (
        <p id={`${id}-error`} className="field-error">
          {t(`menus.errors.${error}`)}
        </p>
      ) : null}
    </fieldset>
  );
}

/** A group the table allows in this language and the menu does not have. */
function AddGroup({ rows, words }: { rows: MenuRow[]; words: MenuScreenWords }) {
  const { t } = useTranslation("admin");
  const missing = (["header", "footer"] as const).flatMap((area) =>
    words.groups[area]
      .filter((g) => !rows.some((r) => r.type === "group" && r.group === g.key))
      .map((g) => ({ value: placeOf(area, g.key), area, label: g.label })),
  );
  if (!missing.length) return null;
  return (
    <div className="field">
      <label htmlFor="menu-add-group">{t("menus.addGroup")}</label>
      <select id="menu-add-group" name="addGroup" defaultValue="">
        <option value="">{t("menus.noGroup")}</option>
        {missing.map((g) => (
          <option key={g.value} value={g.value}>
            {`${t(`menus.areas.${g.area}`)} › ${g.label}`}
          </option>
        ))}
      </select>
    </div>
  );
}

export const ErrorBoundary = AdminError;
