import { titleMeta } from "~/lib/admin/title-meta";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AdminError } from "~/components/admin/admin-error";
import { AdminTable } from "~/components/admin/admin-table";
import { ContentNav } from "~/components/admin/content-nav";
import { AuthenticityTokenInput } from "~/components/form/form-kit";
import { itemLabel } from "~/lib/admin/content-labels";
import { contentPath } from "~/lib/admin/content-kinds";
import { staffDateTime } from "~/lib/admin/staff-time";
import { MAX_PAGE_FILE_BYTES } from "~/lib/platform/api/admin-contract";
import { LanguageCodeSchema } from "~/lib/platform/api/contract";
import {
  adminTitle,
  data,
  fileLanguages,
  i18next,
  idParam,
  pageOfItem,
  redirectWithToast,
  requirePage,
  requireUploadPost,
  staffCall,
  staffLanguage,
  uploadPageFile,
} from "./content-page-files.server";

export const handle = { i18n: ["admin"] };
export const meta = titleMeta;

const MEGABYTES = MAX_PAGE_FILE_BYTES / 1024 / 1024;

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const staff = requirePage(request, context, "content-page-files");
  const id = idParam(params.id);
  const api = context.staffApi.as(staff.token);
  const [{ result: item }, files] = await staffCall(context, () =>
    Promise.all([api.get("contentItem", { params: { kind: "page", id } }), api.get("pageFiles", { params: { id } })]),
  );
  const languages = fileLanguages(pageOfItem(item.shared));
  // Only the data-protection documents are offered as files: any other text page has no such screen.
  if (!languages.length) throw data({ reason: "notFound" }, { status: 404 });
  const lang = await i18next.getLocale(request);
  const kilobytes = new Intl.NumberFormat(lang, { style: "unit", unit: "kilobyte", maximumFractionDigits: 0 });
  const label = itemLabel("page", item, staffLanguage(request)) || `#${id}`;
  return {
    id,
    label,
    languages,
    canUpload: staff.permissions.has("publish:content"),
    versions: files.result.data.map((v) => ({ ...v, when: staffDateTime(lang, v.at), size: kilobytes.format(Math.ceil(v.size / 1024)) })),
    title: await adminTitle(request, "content.files.title", { label }),
  };
}

/** A PDF for one of the page's document languages: the newest version from now on; a refusal comes back as the form's error. */
export async function action({ request, context, params }: ActionFunctionArgs) {
  const { staff, form, fieldErrors } = await requireUploadPost(request, context, "content-page-files", "fileTooLarge", {
    maxFileBytes: MAX_PAGE_FILE_BYTES,
    maxFieldBytes: 1024,
    maxPartBytes: MAX_PAGE_FILE_BYTES + 64 * 1024,
    maxParts: 4,
  });
  const id = idParam(params.id);
  const lang = LanguageCodeSchema.safeParse(form.get("language"));
  const file = form.get("file");
  const oversize = fieldErrors.file?.[0];
  if (oversize) return data({ error: oversize }, { status: 413 });
  if (!lang.success) return data({ error: "noFile" }, { status: 422 });
  if (!(file instanceof File) || file.size === 0) return data({ error: "fileMissing" }, { status: 422 });
  const answer = await uploadPageFile(context, staff, id, lang.data, file);
  if ("error" in answer) return data(answer, { status: 422 });
  return redirectWithToast(context, contentPath("page", id, "/files"), "admin:content.files.uploaded");
}

export default function ContentPageFiles() {
  const { id, label, languages, canUpload, versions } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const { t } = useTranslation("admin");
  const error = answer && "error" in answer ? answer.error : null;
  return (
    <section className="admin-page">
      <ContentNav />
      <p>
        <Link to={contentPath("page", id)}>{t("content.versions.backToItem")}</Link>
      </p>
      <h1>{t("content.files.title", { label })}</h1>
      <p>
        {t("content.files.intro")} {t("leads.timeZone")}
      </p>
      {canUpload ? (
        <Form method="post" encType="multipart/form-data" className="admin-panel" noValidate>
          <AuthenticityTokenInput />
          <h2>{t("content.files.upload")}</h2>
          <div className="field">
            <label htmlFor="file-language">{t("content.files.language")}</label>
            <select id="file-language" name="language" defaultValue={languages[0]}>
              {languages.map((code) => (
                <option key={code} value={code}>
                  {t(`siteLanguages.${code}`)}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor="file-pdf">{t("content.files.file")}</label>
            <p id="file-hint" className="field-hint">
              {t("content.files.hint", { max: MEGABYTES })}
            </p>
            <input
              id="file-pdf"
              name="file"
              type="file"
              accept="application/pdf,.pdf"
              required
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? "file-hint file-error" : "file-hint"}
            />
            <div id="file-error" className="field-error">
              {error ? <p>{t(`content.files.errors.${error}`, { max: MEGABYTES })}</p> : null}
            </div>
          </div>
          <div className="admin-actions">
            <button type="submit" className="button button-primary" disabled={busy}>
              {t("content.files.submit")}
            </button>
          </div>
        </Form>
      ) : null}
      <div className="admin-panel">
        {versions.length === 0 ? (
          <p>{t("content.files.none")}</p>
        ) : (
          <AdminTable
            caption={t("content.files.caption")}
            columns={[t("content.versions.time"), t("content.files.language"), t("content.files.size"), t("content.versions.author")]}
          >
            {versions.map((version, index) => (
              <tr key={version.id}>
                <th scope="row" className="admin-nowrap">
                  <time dateTime={version.at}>{version.when}</time>
                  {versions.findIndex((v) => v.language === version.language) === index ? <> · {t("content.files.current")}</> : null}
                </th>
                <td>{t(`siteLanguages.${version.language}`)}</td>
                <td className="admin-nowrap">{version.size}</td>
                <td className="admin-break">{version.author?.name ?? version.author?.email ?? ""}</td>
              </tr>
            ))}
          </AdminTable>
        )}
      </div>
    </section>
  );
}

export const ErrorBoundary = AdminError;
