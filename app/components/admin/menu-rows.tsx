import { useTranslation } from "react-i18next";
import { placeOf, type MenuRow, type NewRow } from "~/lib/admin/menu-form";
import type { MenuScreenWords } from "~/lib/admin/menu-screen";
import { MENU_LABEL_MAX, MENU_RELS, MENU_URL_MAX } from "~/lib/platform/api/menus-contract";
import type { MenuArea } from "~/lib/site/menu-shapes";
import type { Lang } from "~/lib/site/route-table";

/*
 * The menus screen's rows (ADR 062, app/routes/admin/menus.tsx): plain fields, one entry a row, so
 * the form works without JavaScript; the order is the position numbers', which the rows' Move up
 * and Move down buttons (submits, moveRow in menu-form.ts) renumber.
 */

/** A row's Move up and Move down, each shown only where the row has a neighbour that way in its place. */
function MoveButtons({ index, row, rows, name }: { index: number; row: MenuRow; rows: MenuRow[]; name: string }) {
  const { t } = useTranslation("admin");
  const siblings = rows.filter((r) => r.place === row.place);
  const first = siblings[0] === row;
  const last = siblings[siblings.length - 1] === row;
  if (first && last) return null;
  return (
    <div className="menus-move">
      {first ? null : (
        <button type="submit" name="do" value={`up:${index}`} className="button" aria-label={t("menus.moveUpOf", { name })}>
          {t("menus.moveUp")}
        </button>
      )}
      {last ? null : (
        <button type="submit" name="do" value={`down:${index}`} className="button" aria-label={t("menus.moveDownOf", { name })}>
          {t("menus.moveDown")}
        </button>
      )}
    </div>
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

export function Row({
  index,
  row,
  rows,
  words,
  lang,
  error,
}: {
  index: number;
  row: MenuRow;
  rows: MenuRow[];
  words: MenuScreenWords;
  lang: Lang;
  error?: string;
}) {
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
      <MoveButtons index={index} row={row} rows={rows} name={row.label || placeholder || row.url || row.page} />
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
export function NewRowFields({
  rows,
  words,
  lang,
  error,
  values,
}: {
  rows: MenuRow[];
  words: MenuScreenWords;
  lang: Lang;
  error?: string;
  values: NewRow | null;
}) {
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
export function AddGroup({ rows, words }: { rows: MenuRow[]; words: MenuScreenWords }) {
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
