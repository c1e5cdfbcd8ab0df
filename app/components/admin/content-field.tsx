import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { ContentBody } from "~/components/admin/content-body";
import type { Option } from "~/lib/admin/content-editor-data";
import { splitErrorKey } from "~/lib/admin/content-form";
import type { FieldSpec } from "~/lib/platform/api/content-contract";
import { type FieldMetadata, getCollectionProps, getInputProps, getSelectProps, getTextareaProps } from "~/components/form/form-kit";

type Meta = FieldMetadata<string>;

/** Rows a text area starts with, by what it holds. */
const ROWS: Partial<Record<FieldSpec["input"], number>> = { textarea: 3, lines: 4, paragraphs: 8, html: 12 };

/** Hints that say how a value is written (the uri rule, one entry per line, allowed HTML…), by input. */
const HINTS: Partial<Record<FieldSpec["input"], string>> = {
  uri: "content.hints.uri",
  lines: "content.hints.lines",
  paragraphs: "content.hints.paragraphs",
  html: "content.hints.html",
  datetime: "content.hints.datetime",
  languages: "content.hints.languages",
  number: "content.hints.number",
};

/**
 * One field of the editor: its label, its hint, its control, and the error slot under it. Labels,
 * hints and errors are in the staff member's language (`uiLang`), also inside a fieldset marked
 * as Arabic; the control itself follows the fieldset's language and direction.
 */
export function ContentField(props: { label: string; spec: FieldSpec; meta: Meta; required: boolean; options?: Option[]; uiLang: string; textLang?: string }) {
  const { label, spec, meta, required, options = [], uiLang, textLang } = props;
  const { t } = useTranslation("admin");
  if (spec.input === "references") return <ReferenceChecks {...props} />;
  const hintKey = HINTS[spec.input];
  const hintId = hintKey ? meta.descriptionId : undefined;
  const aria = { ariaDescribedBy: hintId };
  const control = (): ReactNode => {
    switch (spec.input) {
      case "textarea":
      case "lines":
      case "paragraphs":
        return <textarea {...getTextareaProps(meta, aria)} rows={ROWS[spec.input]} />;
      case "boolean":
        return <input {...getInputProps(meta, { type: "checkbox", ...aria })} />;
      case "number":
        // Text, not type=number: a decimal comma (1.250,50 in Turkish) must get through to be read.
        return <input {...getInputProps(meta, { type: "text", ...aria })} inputMode="decimal" dir="ltr" />;
      case "integer":
        return <input {...getInputProps(meta, { type: "number", ...aria })} step={1} dir="ltr" />;
      case "date":
        return <input {...getInputProps(meta, { type: "date", ...aria })} dir="ltr" />;
      case "datetime":
        return <input {...getInputProps(meta, { type: "datetime-local", ...aria })} dir="ltr" />;
      case "languages":
        return <input {...getInputProps(meta, { type: "text", ...aria })} dir="ltr" autoCapitalize="none" />;
      case "reference":
      case "page":
      case "specialty":
      case "currency":
        return (
          <select {...getSelectProps(meta, aria)}>
            <option value="">{t("content.choose")}</option>
            {options.map((option) => (
              <option key={option.value} value={option.value} dir="auto">
                {option.label}
              </option>
            ))}
          </select>
        );
      default:
        return <input {...getInputProps(meta, { type: "text", ...aria })} maxLength={spec.max} autoCapitalize={spec.input === "uri" ? "none" : undefined} />;
    }
  };
  // <bdi>: a staff-language sentence keeps its own order (its full stop at its end) in an Arabic fieldset.
  const labelEl = (
    <label id={`${meta.id}-label`} htmlFor={meta.id} lang={uiLang}>
      <bdi>
        {label}
        {required || spec.input === "boolean" ? null : <span className="optional"> {t("content.optional")}</span>}
      </bdi>
    </label>
  );
  const checkbox = spec.input === "boolean";
  return (
    <div className={checkbox ? "field field-checkbox" : "field"}>
      {checkbox ? null : labelEl}
      {hintKey ? (
        <p id={hintId} className="field-hint" lang={uiLang}>
          <bdi>{t(hintKey)}</bdi>
        </p>
      ) : null}
      {checkbox ? (
        <div className="checkbox-row">
          {control()}
          {labelEl}
        </div>
      ) : spec.input === "html" ? (
        <ContentBody meta={meta} rows={ROWS.html!} label={label} labelId={`${meta.id}-label`} hintId={hintId} textLang={textLang} uiLang={uiLang} />
      ) : (
        control()
      )}
      <FieldErrors meta={meta} spec={spec} uiLang={uiLang} />
    </div>
  );
}

/**
 * A list of references (a package's treatments): one checkbox per item it may point to, in a
 * fieldset named by the field's label. Checkboxes rather than a multiple select: they work the
 * same without JavaScript, with a keyboard and on a phone, and show at a glance what is ticked.
 */
function ReferenceChecks(props: { label: string; spec: FieldSpec; meta: Meta; required: boolean; options?: Option[]; uiLang: string }) {
  const { label, spec, meta, required, options = [], uiLang } = props;
  const { t } = useTranslation("admin");
  const names = new Map(options.map((option) => [option.value, option.label]));
  return (
    <fieldset className="field content-refs" aria-describedby={`${meta.descriptionId} ${meta.errors ? meta.errorId : ""}`.trim()}>
      <legend id={`${meta.id}-label`} lang={uiLang}>
        <bdi>
          {label}
          {required ? null : <span className="optional"> {t("content.optional")}</span>}
        </bdi>
      </legend>
      <p id={meta.descriptionId} className="field-hint" lang={uiLang}>
        <bdi>{t("content.hints.references", { max: spec.max })}</bdi>
      </p>
      <div className="content-refs-list">
        {getCollectionProps(meta, { type: "checkbox", options: options.map((option) => option.value), ariaAttributes: false }).map(({ key, ...input }) => (
          <label key={key ?? input.value}>
            <input {...input} />
            <span dir="auto">{names.get(input.value)}</span>
          </label>
        ))}
      </div>
      <FieldErrors meta={meta} spec={spec} uiLang={uiLang} />
    </fieldset>
  );
}

/** A field's label: the kind's own word where it differs (a doctor's "title" is "Dr."), else the shared one. */
export const fieldLabel = (t: (keys: string[]) => string, kind: string, name: string) => t([`content.fieldsOf.${kind}.${name}`, `content.fields.${name}`]);

/** A field's errors (keys under admin:content.errors, some naming a language), in a slot that keeps its height. */
export function FieldErrors({ meta, spec, uiLang }: { meta: Meta; spec?: FieldSpec; uiLang: string }) {
  const { t } = useTranslation("admin");
  return (
    <div id={meta.errorId} className="field-error" lang={uiLang}>
      {meta.errors?.map((error) => {
        const { key, lang } = splitErrorKey(error);
        const message = t(key, { max: spec?.max });
        return (
          <p key={error}>
            <bdi>{lang ? t("content.errors.inLanguage", { language: t(`siteLanguages.${lang}`), message }) : message}</bdi>
          </p>
        );
      })}
    </div>
  );
}
