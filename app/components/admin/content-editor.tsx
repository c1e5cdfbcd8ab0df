import { Form, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { StatusBadge } from "~/components/admin/content-badges";
import { ContentConflict } from "~/components/admin/content-conflict";
import { ContentField, FieldErrors, fieldLabel } from "~/components/admin/content-field";
import { ContentImageField } from "~/components/admin/content-image-field";
import { LanguageStrip } from "~/components/admin/content-strip";
import { SearchPreview } from "~/components/admin/search-preview";
import { useProposedUris } from "~/components/admin/use-proposed-uris";
import type { Conflict, CurrentImage, LanguageState, Option } from "~/lib/admin/content-editor-data";
import { editableFields, type contentFormDefaults } from "~/lib/admin/content-form";
import { CONTENT_REGISTRY, type ContentKind, type Lang } from "~/lib/platform/api/content-contract";
import { isFixedKind, kindLanguages, offersNotice } from "~/lib/admin/content-kinds";
import { nativeLanguageName, textDirection } from "~/lib/site/route-table";
import {
  AuthenticityTokenInput,
  type FieldMetadata,
  Field,
  FormAlert,
  getCollectionProps,
  getInputProps,
  getFormProps,
  type SubmissionResult,
  useForm,
} from "~/components/form/form-kit";

type Defaults = ReturnType<typeof contentFormDefaults>;
type FormShape = {
  intent: string;
  languages: string[];
  unpublishLanguages: string[];
  notify: string;
  // A list of references is the ticked ids; every other control holds one string.
  shared: Record<string, string | string[]>;
  texts: Record<Lang, Record<string, string>>;
};

export interface EditorProps {
  kind: ContentKind;
  /** null: a new item. */
  id: number | null;
  defaults: Defaults;
  languages: Record<Lang, LanguageState>;
  /** Choices of the select fields (references, pages, specialties, currencies), by field name. */
  options: Record<string, Option[]>;
  image: CurrentImage;
  /** The image of a form sent back (uploaded with it, not yet saved). */
  pendingImage?: CurrentImage | null;
  canPublish: boolean;
  lastResult?: SubmissionResult<string[]>;
  /** The item's version the form saves from (absent for a new item): a save after someone else's is refused, not written over theirs. */
  version?: number;
  /** Someone else's save came first: the newest version, to compare with. */
  conflict?: Conflict | null;
}

/**
 * The item's form: the shared fields, then the five languages side by side (two to a row on a wide
 * screen, one under the other on a phone), each a fieldset in its own language and direction, then
 * the languages to publish and the buttons. One multipart post, with or without JavaScript.
 */
export function ContentEditor({ kind, id, defaults, languages, options, image, pendingImage, canPublish, lastResult, version, conflict }: EditorProps) {
  const { t, i18n } = useTranslation("admin");
  const uiLang = i18n.language;
  const spec = CONTENT_REGISTRY[kind];
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const [form, fields] = useForm<FormShape>({ id: "content-form", lastResult, defaultValue: defaults });
  useProposedUris(form, kind);
  const shared = fields.shared.getFieldset();
  const texts = fields.texts.getFieldset();
  const offered = kindLanguages(kind);
  const errorCounts = Object.fromEntries(
    offered.map((lang) => [lang, Object.keys(form.allErrors).filter((name) => name.startsWith(`texts.${lang}.`)).length]),
  ) as Partial<Record<Lang, number>>;
  const label = (name: string) => fieldLabel(t, kind, name);
  const sharedFields = editableFields(spec.shared).filter(([name]) => name !== "imageId");
  return (
    <Form method="post" encType="multipart/form-data" {...getFormProps(form)} noValidate className="content-form">
      <AuthenticityTokenInput />
      {version === undefined ? null : <input type="hidden" name="version" value={version} />}
      <FormAlert errors={form.errors} />
      {conflict && id !== null ? <ContentConflict kind={kind} id={id} conflict={conflict} /> : null}
      {/* A text page (ADR 061) has no shared field to edit: its page, which fixes its addresses, is not staff's to change. */}
      {sharedFields.length || "imageId" in spec.shared ? (
        <fieldset className="admin-panel admin-fieldset">
          <legend>{t("content.shared")}</legend>
          <p className="field-hint">{t("content.sharedHint")}</p>
          <div className="admin-form-grid">
            {sharedFields.map(([name, field]) => (
              <ContentField
                key={name}
                label={label(name)}
                spec={field}
                meta={shared[name] as FieldMetadata<string>}
                required={field.required === true}
                options={options[name]}
                uiLang={uiLang}
              />
            ))}
          </div>
          {"imageId" in spec.shared ? (
            <ContentImageField meta={shared.imageId as FieldMetadata<string>} current={image} pending={pendingImage} uiLang={uiLang} required={spec.image} />
          ) : null}
        </fieldset>
      ) : null}
      <LanguageStrip kind={kind} id={id} languages={languages} errorCounts={errorCounts} />
      <div className="content-langs">
        {offered.map((lang) => {
          const own = texts[lang].getFieldset();
          return (
            <fieldset key={lang} id={`lang-${lang}`} lang={lang} dir={textDirection(lang)} className="admin-panel admin-fieldset content-lang">
              <legend>
                <span>{nativeLanguageName(lang)}</span>
                {/* The staff language's name too, unless it is the same word ("English"). */}
                {t(`siteLanguages.${lang}`) !== nativeLanguageName(lang) ? <span lang={uiLang}>({t(`siteLanguages.${lang}`)})</span> : null}
                {languages[lang].status ? <StatusBadge lang={lang} status={languages[lang].status} /> : null}
              </legend>
              {editableFields(spec.texts).map(([name, field]) => (
                <ContentField
                  key={name}
                  label={label(name)}
                  spec={field}
                  meta={own[name] as FieldMetadata<string>}
                  required={field.required === true || (field.required === "withImage" && spec.image)}
                  uiLang={uiLang}
                  textLang={lang}
                />
              ))}
              {"seoTitle" in spec.texts ? (
                <SearchPreview
                  kind={kind}
                  id={id}
                  lang={lang}
                  uiLang={uiLang}
                  values={{
                    title: own.title?.value as string | undefined,
                    seoTitle: own.seoTitle?.value as string | undefined,
                    summary: own.summary?.value as string | undefined,
                    seoDescription: own.seoDescription?.value as string | undefined,
                    uri: own.uri?.value as string | undefined,
                  }}
                />
              ) : null}
            </fieldset>
          );
        })}
      </div>
      <div className="admin-panel content-publish">
        {canPublish ? (
          <>
            <LanguageChecks
              languages={offered}
              meta={fields.languages}
              legend={t("content.publishLanguages")}
              hint={t("content.publishHint")}
              uiLang={uiLang}
            />
            {offersNotice(kind) ? (
              // Push only: a pending notice per language published, which a notification admin approves or rejects (ADR 059).
              <Field meta={fields.notify} label={t("content.notify")} hint={t("content.notifyHint")} checkbox>
                {(hintId) => <input {...getInputProps(fields.notify, { type: "checkbox", ariaDescribedBy: hintId })} />}
              </Field>
            ) : null}
          </>
        ) : (
          <p>{t("content.noPublishRight")}</p>
        )}
      </div>
      {/* Held at the foot of the screen while the form is in view (a phone's editor is metres long): Save and Publish never out of reach. */}
      <div className="content-actions-bar">
        <div className="admin-actions">
          {/* First in the form: Enter in a field saves a draft, never publishes. */}
          <button type="submit" name="intent" value="save" className="button button-secondary" disabled={busy}>
            {t("content.save")}
          </button>
          {canPublish ? (
            <button type="submit" name="intent" value="publish" className="button button-primary" disabled={busy}>
              {t("content.publish")}
            </button>
          ) : null}
        </div>
      </div>
      {canPublish && id !== null && !isFixedKind(kind) ? (
        // Its own boxes, none ticked: Unpublish pressed at once takes nothing down, it asks which languages.
        <div className="admin-panel content-publish">
          <LanguageChecks
            languages={offered}
            meta={fields.unpublishLanguages}
            legend={t("content.unpublishLanguages")}
            hint={t("content.unpublishHint")}
            uiLang={uiLang}
          />
          <div className="admin-actions">
            <button type="submit" name="intent" value="unpublish" className="button button-secondary" disabled={busy}>
              {t("content.unpublish")}
            </button>
          </div>
        </div>
      ) : null}
    </Form>
  );
}

/** A step's languages: five checkboxes in a fieldset, with the hint and the errors it is described by. */
function LanguageChecks(props: { languages: Lang[]; meta: FieldMetadata<string[]>; legend: string; hint: string; uiLang: string }) {
  const { languages, meta, legend, hint, uiLang } = props;
  const { t } = useTranslation("admin");
  return (
    <fieldset aria-describedby={`${meta.descriptionId} ${meta.errors ? meta.errorId : ""}`.trim()}>
      <legend>{legend}</legend>
      <p id={meta.descriptionId} className="field-hint">
        {hint}
      </p>
      <div className="content-publish-langs">
        {getCollectionProps(meta, { type: "checkbox", options: languages, ariaAttributes: false }).map(({ key, ...props }) => (
          <label key={key ?? props.value}>
            <input {...props} />
            {t(`siteLanguages.${props.value}`)}
          </label>
        ))}
      </div>
      <FieldErrors meta={meta as unknown as FieldMetadata<string>} uiLang={uiLang} />
    </fieldset>
  );
}
