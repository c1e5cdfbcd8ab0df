import { titleMeta } from "~/lib/admin/title-meta";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AdminError } from "~/components/admin/admin-error";
import { BuiltFormField } from "~/components/admin/built-form-field";
import { AuthenticityTokenInput } from "~/components/form/form-kit";
import { applyStep, editorStep, isValidDraft, readEditorPost, type EditorErrors } from "~/lib/admin/form-editor";
import { FORM_FIELD_TYPES, FORM_LIMITS, FormIdParamSchema, formProblems, type FormDefinition, type FormLang } from "~/lib/platform/api/forms-contract";
import { isLang, languages, textDirection } from "~/lib/site/route-table";
import { adminTitle, data, errorCode, formPath, formsChanged, redirect, redirectWithToast, requirePage, requirePost, staffCall } from "./form.server";

export const handle = { i18n: ["admin"] };
export const meta = titleMeta;

const langOf = (value: unknown): FormLang => (isLang(value) ? value : "en");

async function formOf(context: LoaderFunctionArgs["context"], token: string, id: number) {
  return (await staffCall(context, () => context.staffApi.as(token).get("form", { params: { id } }))).result;
}

/** A form's editor in one language (`?lang=`): its texts there, its fields, and where it is published. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const staff = requirePage(request, context, "form");
  const id = FormIdParamSchema.safeParse(params.id);
  if (!id.success) throw data({ reason: "notFound" }, { status: 404 });
  const form = await formOf(context, staff.token, id.data);
  const lang = langOf(new URL(request.url).searchParams.get("lang"));
  return {
    form,
    lang,
    publications: languages.map((l) => {
      const published = form.published.find((p) => p.lang === l);
      return { lang: l, published: Boolean(published), path: published ? formPath(l, published.slug) : null, problems: formProblems(form.definition, l) };
    }),
    canWrite: staff.permissions.has("write:content"),
    canPublish: staff.permissions.has("publish:content"),
    title: await adminTitle(request, "menu.forms"),
  };
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const { staff, form } = await requirePost(request, context, "form");
  const id = FormIdParamSchema.safeParse(params.id);
  if (!id.success) throw data({ reason: "notFound" }, { status: 404 });
  const api = context.staffApi.as(staff.token);
  const intent = new URL(request.url).searchParams.get("intent");
  const lang = langOf(form.get("lang"));
  const back = `/admin/forms/${id.data}?lang=${lang}`;
  if (intent === "publish" || intent === "unpublish") {
    const answer = await staffCall(context, () => api.send("POST", `admin/forms/${id.data}/${intent}`, { lang }));
    if (answer.status === 422 || answer.status === 409) {
      const problems = answer.status === 409 ? ["slugTaken"] : ((answer.data as { errors?: { message: string }[] }).errors ?? []).map((e) => e.message);
      return data({ publishProblems: problems, publishLang: lang, errors: null, definition: null }, { status: answer.status });
    }
    if (answer.status !== 200) throw data({ reason: answer.status === 404 ? "notFound" : "unavailable" }, { status: answer.status === 404 ? 404 : 503 });
    // Its public pages on every instance: kept ones dropped, the next visit reads the form again.
    formsChanged(context);
    return redirectWithToast(context, back, intent === "publish" ? "admin:forms.publishedToast" : "admin:forms.unpublishedToast", {
      values: { language: lang },
    });
  }
  const stored = await formOf(context, staff.token, id.data);
  const { definition, errors } = readEditorPost(stored.definition, form, lang);
  if (Object.keys(errors).length > 0 || !isValidDraft(definition)) {
    return data(
      { errors: Object.keys(errors).length ? errors : { "": "forms.errors.invalid" }, definition, publishProblems: null, publishLang: null },
      { status: 400 },
    );
  }
  const step = editorStep(form);
  const next = applyStep(definition, step);
  const answer = await staffCall(context, () => api.send("PUT", `admin/forms/${id.data}`, { definition: next }));
  if (answer.status !== 200) {
    if (answer.status === 400)
      return data({ errors: { "": errorCode(answer.data) ?? "forms.errors.invalid" }, definition, publishProblems: null, publishLang: null }, { status: 400 });
    throw data({ reason: answer.status === 404 ? "notFound" : "unavailable" }, { status: answer.status === 404 ? 404 : 503 });
  }
  if (step.kind === "save") return redirectWithToast(context, back, "admin:forms.saved");
  // Back at the field that changed (a new one is the last), without JavaScript too.
  const at = step.kind === "add" ? next.fields[next.fields.length - 1]?.key : step.kind === "remove" ? null : step.key;
  return redirect(`${back}${at ? `#field-${at}` : "#fields"}`, 303);
}

export default function FormEditor() {
  const { form, lang, publications, canWrite, canPublish } = useLoaderData<typeof loader>();
  const refused = useActionData<typeof action>();
  const { t } = useTranslation("admin");
  const definition: FormDefinition = refused?.definition ?? form.definition;
  const errors: EditorErrors = refused?.errors ?? {};
  const page = definition.pages[lang];
  const dir = textDirection(lang);
  const errorOf = (name: string) =>
    errors[name] ? (
      <p id={`${name}-error`} className="field-error">
        {t(errors[name])}
      </p>
    ) : null;
  const described = (name: string, hint?: string) => [errors[name] ? `${name}-error` : null, hint].filter(Boolean).join(" ") || undefined;
  return (
    <section className="admin-page">
      <p>
        <Link to="/admin/forms">{t("forms.back")}</Link>
      </p>
      <h1>
        <bdi>{form.definition.name}</bdi>
      </h1>
      <nav className="admin-panel" aria-label={t("forms.languages")}>
        <h2>{t("forms.languages")}</h2>
        <p>{t("forms.languagesHint")}</p>
        <ul className="admin-inline-list">
          {languages.map((l) => (
            <li key={l}>
              <Link to={`?lang=${l}`} aria-current={l === lang ? "page" : undefined}>
                {t(`siteLanguages.${l}`)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <PublishPanel id={form.id} lang={lang} publications={publications} canPublish={canPublish} refused={refused} />
      <Form method="post" className="admin-panel" aria-labelledby="form-edit-title" action={`/admin/forms/${form.id}?lang=${lang}`}>
        <AuthenticityTokenInput />
        <input type="hidden" name="lang" value={lang} />
        <h2 id="form-edit-title">{t("forms.editIn", { language: t(`siteLanguages.${lang}`) })}</h2>
        {Object.keys(errors).length > 0 ? (
          <p role="alert" className="field-error">
            {errors[""] ? t(errors[""]) : t("forms.errors.some")}
          </p>
        ) : null}
        {canWrite ? (
          <div className="admin-actions">
            <button type="submit" name="do" value="save" className="button button-primary">
              {t("forms.save")}
            </button>
          </div>
        ) : null}
        <div className="field">
          <label htmlFor="form-name">{t("forms.name")}</label>
          <input
            id="form-name"
            name="name"
            type="text"
            required
            maxLength={FORM_LIMITS.name}
            defaultValue={definition.name}
            dir="auto"
            aria-describedby={described("name")}
          />
          {errorOf("name")}
        </div>
        <div className="field field-checkbox">
          <div className="checkbox-row">
            <input id="form-health" name="health" type="checkbox" defaultChecked={definition.health} aria-describedby="form-health-hint" />
            <label htmlFor="form-health">{t("forms.health")}</label>
          </div>
          <p id="form-health-hint" className="field-hint">
            {t("forms.healthHint")}
          </p>
        </div>
        <fieldset className="admin-fieldset" lang={lang} dir={dir}>
          <legend>{t("forms.page", { language: t(`siteLanguages.${lang}`) })}</legend>
          <div className="field">
            <label htmlFor="form-title">{t("forms.pageTitle")}</label>
            <input id="form-title" name="title" type="text" maxLength={FORM_LIMITS.title} defaultValue={page?.title ?? ""} />
          </div>
          <div className="field">
            <label htmlFor="form-intro">{t("forms.pageIntro")}</label>
            <textarea id="form-intro" name="intro" rows={3} maxLength={FORM_LIMITS.intro} defaultValue={page?.intro ?? ""} />
          </div>
          <div className="field">
            <label htmlFor="form-slug">{t("forms.slug")}</label>
            <input id="form-slug" name="slug" type="text" maxLength={FORM_LIMITS.slug} defaultValue={page?.slug ?? ""} aria-describedby="form-slug-hint" />
            <p id="form-slug-hint" className="field-hint">
              {t("forms.slugHint")}
            </p>
          </div>
        </fieldset>
        <h3 id="fields">{t("forms.fields")}</h3>
        {definition.fields.length === 0 ? <p>{t("forms.noFields")}</p> : null}
        <ol className="built-form-fields">
          {definition.fields.map((field, index) => (
            <BuiltFormField key={field.key} field={field} index={index} count={definition.fields.length} lang={lang} errors={errors} canWrite={canWrite} />
          ))}
        </ol>
        {canWrite ? (
          <div className="admin-actions">
            <label htmlFor="form-new-type">{t("forms.newType")}</label>
            <select id="form-new-type" name="newType" defaultValue="text">
              {FORM_FIELD_TYPES.map((type) => (
                <option key={type} value={type}>
                  {t(`forms.types.${type}`)}
                </option>
              ))}
            </select>
            <button type="submit" name="do" value="add" className="button">
              {t("forms.addField")}
            </button>
            <button type="submit" name="do" value="save" className="button button-primary">
              {t("forms.save")}
            </button>
          </div>
        ) : null}
      </Form>
    </section>
  );
}

type Refused = ReturnType<typeof useActionData<typeof action>>;

/** Where the form is published, and a button per language to publish the saved draft there (a new version) or take it out. */
function PublishPanel({
  id,
  lang,
  publications,
  canPublish,
  refused,
}: {
  id: number;
  lang: FormLang;
  publications: { lang: FormLang; published: boolean; path: string | null; problems: string[] }[];
  canPublish: boolean;
  refused: Refused;
}) {
  const { t } = useTranslation("admin");
  return (
    <div className="admin-panel" aria-labelledby="form-publish-title">
      <h2 id="form-publish-title">{t("forms.publishing")}</h2>
      <p>{t("forms.publishingHint")}</p>
      {refused?.publishProblems ? (
        <div role="alert" className="field-error" id="form-publish-problems">
          <p>{t("forms.publishRefused", { language: t(`siteLanguages.${refused.publishLang ?? lang}`) })}</p>
          <ul>
            {refused.publishProblems.map((problem) => (
              <li key={problem}>{t(`forms.problems.${problem}`, { defaultValue: problem })}</li>
            ))}
          </ul>
        </div>
      ) : null}
      <ul className="built-form-publications">
        {publications.map((p) => (
          <li key={p.lang} data-lang={p.lang} data-published={p.published ? "yes" : "no"}>
            <strong>{t(`siteLanguages.${p.lang}`)}</strong>{" "}
            {p.published && p.path ? (
              <a href={p.path} lang={p.lang} dir={textDirection(p.lang)}>
                {decodeURI(p.path)}
              </a>
            ) : (
              t("forms.unpublished")
            )}
            {canPublish ? (
              <>
                <Form method="post" action={`/admin/forms/${id}?intent=publish`} className="admin-inline-form">
                  <AuthenticityTokenInput />
                  <input type="hidden" name="lang" value={p.lang} />
                  <button type="submit" className="button" aria-label={t("forms.publishIn", { language: t(`siteLanguages.${p.lang}`) })}>
                    {p.published ? t("forms.republish") : t("forms.publish")}
                  </button>
                </Form>
                {p.published ? (
                  <Form method="post" action={`/admin/forms/${id}?intent=unpublish`} className="admin-inline-form">
                    <AuthenticityTokenInput />
                    <input type="hidden" name="lang" value={p.lang} />
                    <button type="submit" className="button" aria-label={t("forms.unpublishIn", { language: t(`siteLanguages.${p.lang}`) })}>
                      {t("forms.unpublish")}
                    </button>
                  </Form>
                ) : null}
              </>
            ) : null}
          </li>
        ))}
      </ul>
    </div>
  );
}

export const ErrorBoundary = AdminError;
