import { useTranslation } from "react-i18next";
import type { EditorErrors } from "~/lib/admin/form-editor";
import { acceptOf, FORM_FILE_ACCEPTS, FORM_LIMITS, type FormField, type FormLang } from "~/lib/platform/api/forms-contract";
import { textDirection } from "~/lib/site/route-table";

/**
 * One field of a built form in its editor (ADR 065): its texts in the language edited, its flags and
 * limits, its choices, and the buttons that move, remove or extend it (each a submit: no JavaScript needed).
 */
export function BuiltFormField({
  field,
  index,
  count,
  lang,
  errors,
  canWrite,
}: {
  field: FormField;
  index: number;
  count: number;
  lang: FormLang;
  errors: EditorErrors;
  canWrite: boolean;
}) {
  const { t } = useTranslation("admin");
  const dir = textDirection(lang);
  const name = (input: string) => `${field.key}.${input}`;
  const id = (input: string) => `${field.key}-${input}`;
  const error = (input: string) =>
    errors[name(input)] ? (
      <p id={id(`${input}-error`)} className="field-error">
        {t(errors[name(input)])}
      </p>
    ) : null;
  const describedBy = (input: string) => (errors[name(input)] ? id(`${input}-error`) : undefined);
  const title = t("forms.fieldTitle", { number: index + 1, type: t(`forms.types.${field.type}`) });
  const listed = field.type === "choice" || field.type === "multiChoice";
  return (
    <li id={`field-${field.key}`} className="built-form-field" data-field={field.key} data-type={field.type}>
      <fieldset className="admin-fieldset">
        <legend>{title}</legend>
        <div className="field" lang={lang} dir={dir}>
          <label htmlFor={id("label")}>{t("forms.label")}</label>
          <input id={id("label")} name={name("label")} type="text" maxLength={FORM_LIMITS.label} defaultValue={field.label[lang] ?? ""} />
        </div>
        <div className="field" lang={lang} dir={dir}>
          <label htmlFor={id("help")}>{t("forms.help")}</label>
          <input id={id("help")} name={name("help")} type="text" maxLength={FORM_LIMITS.help} defaultValue={field.help[lang] ?? ""} />
        </div>
        <div className="field field-checkbox">
          <div className="checkbox-row">
            <input id={id("required")} name={name("required")} type="checkbox" defaultChecked={field.required} />
            <label htmlFor={id("required")}>{t("forms.required")}</label>
          </div>
        </div>
        <div className="field field-checkbox">
          <div className="checkbox-row">
            <input id={id("health")} name={name("health")} type="checkbox" defaultChecked={field.health} aria-describedby={id("health-hint")} />
            <label htmlFor={id("health")}>{field.type === "consent" ? t("forms.explicitConsent") : t("forms.fieldHealth")}</label>
          </div>
          <p id={id("health-hint")} className="field-hint">
            {field.type === "consent" ? t("forms.explicitConsentHint") : t("forms.fieldHealthHint")}
          </p>
        </div>
        {field.type === "text" || field.type === "longText" ? (
          <div className="field">
            <label htmlFor={id("maxLength")}>{t("forms.maxLength")}</label>
            <input
              id={id("maxLength")}
              name={name("maxLength")}
              type="number"
              inputMode="numeric"
              min={1}
              max={field.type === "longText" ? FORM_LIMITS.longTextMax : FORM_LIMITS.textMax}
              defaultValue={field.maxLength ?? ""}
              aria-describedby={describedBy("maxLength")}
            />
            {error("maxLength")}
          </div>
        ) : null}
        {field.type === "date" ? (
          <div className="admin-form-grid">
            <div className="field">
              <label htmlFor={id("minDate")}>{t("forms.minDate")}</label>
              <input id={id("minDate")} name={name("minDate")} type="date" defaultValue={field.minDate ?? ""} aria-describedby={describedBy("minDate")} />
              {error("minDate")}
            </div>
            <div className="field">
              <label htmlFor={id("maxDate")}>{t("forms.maxDate")}</label>
              <input id={id("maxDate")} name={name("maxDate")} type="date" defaultValue={field.maxDate ?? ""} aria-describedby={describedBy("maxDate")} />
              {error("maxDate")}
            </div>
          </div>
        ) : null}
        {field.type === "file" ? (
          <div className="field">
            <label htmlFor={id("accept")}>{t("forms.accept")}</label>
            <select id={id("accept")} name={name("accept")} defaultValue={acceptOf(field)} aria-describedby={id("accept-hint")}>
              {FORM_FILE_ACCEPTS.map((accept) => (
                <option key={accept} value={accept}>
                  {t(`forms.accepts.${accept}`)}
                </option>
              ))}
            </select>
            <p id={id("accept-hint")} className="field-hint">
              {t("forms.acceptHint")}
            </p>
          </div>
        ) : null}
        {field.type === "multiChoice" ? (
          <div className="field">
            <label htmlFor={id("maxChoices")}>{t("forms.maxChoices")}</label>
            <input
              id={id("maxChoices")}
              name={name("maxChoices")}
              type="number"
              inputMode="numeric"
              min={1}
              max={FORM_LIMITS.choices}
              defaultValue={field.maxChoices ?? ""}
              aria-describedby={describedBy("maxChoices")}
            />
            {error("maxChoices")}
          </div>
        ) : null}
        {listed ? (
          <fieldset className="admin-fieldset">
            <legend>{t("forms.choices")}</legend>
            {field.choices.length === 0 ? <p>{t("forms.noChoices")}</p> : null}
            <ol className="built-form-choices">
              {field.choices.map((choice, n) => (
                <li key={choice.id}>
                  <label htmlFor={id(choice.id)}>{t("forms.choice", { number: n + 1 })}</label>
                  <input
                    id={id(choice.id)}
                    name={name(choice.id)}
                    type="text"
                    maxLength={FORM_LIMITS.label}
                    defaultValue={choice.label[lang] ?? ""}
                    lang={lang}
                    dir={dir}
                  />
                  {canWrite ? (
                    <button
                      type="submit"
                      name="do"
                      value={`removeChoice:${field.key}:${choice.id}`}
                      className="button"
                      aria-label={t("forms.removeChoiceOf", { number: n + 1 })}
                    >
                      {t("forms.removeChoice")}
                    </button>
                  ) : null}
                </li>
              ))}
            </ol>
            {canWrite ? (
              <button type="submit" name="do" value={`addChoice:${field.key}`} className="button">
                {t("forms.addChoice")}
              </button>
            ) : null}
          </fieldset>
        ) : null}
        {canWrite ? (
          <div className="admin-actions">
            {index > 0 ? (
              <button type="submit" name="do" value={`up:${field.key}`} className="button" aria-label={t("forms.moveUpOf", { field: title })}>
                {t("forms.moveUp")}
              </button>
            ) : null}
            {index < count - 1 ? (
              <button type="submit" name="do" value={`down:${field.key}`} className="button" aria-label={t("forms.moveDownOf", { field: title })}>
                {t("forms.moveDown")}
              </button>
            ) : null}
            <button type="submit" name="do" value={`remove:${field.key}`} className="button" aria-label={t("forms.removeOf", { field: title })}>
              {t("forms.remove")}
            </button>
          </div>
        ) : null}
      </fieldset>
    </li>
  );
}
