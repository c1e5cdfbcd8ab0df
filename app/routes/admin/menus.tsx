import { titleMeta } from "~/lib/admin/title-meta";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AdminError } from "~/components/admin/admin-error";
import { AuthenticityTokenInput } from "~/components/form/form-kit";
import { AddGroup, NewRowFields, Row } from "~/components/admin/menu-rows";
import { DefaultSubmit } from "~/components/admin/default-submit";
import { docToRows, readMenuForm, rowsToDoc, type RowErrors } from "~/lib/admin/menu-form";
import { menuScreenWords, menuTable } from "~/lib/admin/menu-screen";
import { menuPreviewPath } from "~/components/page-kit";
import { staffDateTime } from "~/lib/admin/staff-time";
import { defaultMenuDoc } from "~/lib/site/menu-shapes";
import { isLang, languages, type Lang } from "~/lib/site/route-table";
import { adminTitle, data, i18next, menusChanged, redirectWithToast, requirePage, requirePost, staffCall, staffFailure } from "./menus.server";
import { ApiError } from "~/lib/platform/api/errors";

export const handle = { i18n: ["admin"] };
export const meta = titleMeta;

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
      {/* A new draft (a save, a move) or a publish draws the rows afresh: their fields keep what they were first given. */}
      <Form
        key={`${lang} ${draftSavedAt ?? ""} ${publishedAt ?? ""}`}
        method="post"
        action={`?lang=${lang}`}
        className="admin-panel"
        aria-labelledby="menus-edit-title"
        lang={i18n.language}
      >
        <AuthenticityTokenInput />
        <DefaultSubmit name="do" value="save" label={t("menus.save")} />
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

export const ErrorBoundary = AdminError;
