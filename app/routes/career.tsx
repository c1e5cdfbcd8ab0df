import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { SectionNav } from "~/components/section-nav";
import { formHeaders } from "~/lib/forms/headers";
import { toE164 } from "~/lib/forms/phone";
import { sectionLinks } from "~/lib/site/route-table";
import {
  DEFAULT_UPLOAD_LIMITS,
  getCountries,
  getT,
  jobPhoto,
  leadAction,
  leadBase,
  loadFormPage,
  pageRoute,
  readMultipartForm,
  throwApiFailure,
} from "./career.server";
import { ContentSections, PageHeader, pageMeta } from "~/components/page-kit";
import {
  EmailInput,
  Field,
  getInputProps,
  getSelectProps,
  getTextareaProps,
  MAX_PHOTO_BYTES,
  packCountries,
  PhoneFields,
  PHOTO_MIME_TYPES,
  POSITIONS,
  ProtectedForm,
  unpackCountries,
  useLeadForm,
} from "~/components/form/form-kit";

export const meta = pageMeta;

export const headers = formHeaders;
export async function loader({ request, context }: LoaderFunctionArgs) {
  const route = pageRoute("career", request);
  return loadFormPage(request, context, route, "career", async (lang) => ({
    countries: packCountries(await getCountries(context, lang).catch(throwApiFailure)),
    related: sectionLinks(route.page, lang),
  }));
}

const readCareerForm = (request: Request) =>
  readMultipartForm(request, { ...DEFAULT_UPLOAD_LIMITS, maxFileBytes: MAX_PHOTO_BYTES }, "career.errors.photoTooLarge");

export async function action(args: ActionFunctionArgs) {
  // The recruiter reads one list of roles, whatever the applicant's language.
  const en = await getT("en");
  return leadAction(
    { ...args, route: pageRoute("career", args.request) },
    "career",
    async (v, { lang }) => ({
      kind: "jobOffer",
      payload: {
        ...leadBase(lang),
        name: v.name,
        email: v.email,
        phone: toE164(v.phone, v.phoneCountry),
        position: en(`career.positions.${v.position}`),
        // Browsers send a textarea's line breaks as CRLF; the recruiter's tools expect plain LF.
        message: v.message.replace(/\r\n?/g, "\n"),
      },
      // Re-encoded, then stored with the lead, so the upload can still happen after a restart; the
      // visitor's own bytes, file name and metadata are never kept.
      photo: await jobPhoto(v.photo!),
    }),
    () => "career.sent",
    { readForm: readCareerForm },
  );
}

export default function CareerPage() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const { fields, protection } = useLeadForm("career");
  return (
    <>
      <PageHeader title={data.title} lead={data.content.lead} align={data.align} />
      <div className="container page-body">
        <article className="prose">
          <ContentSections sections={data.content.sections} />
        </article>
        <SectionNav links={data.related} />
      </div>
      <div className="container career-apply">
        <section className="form-card" aria-labelledby="career-form-title">
          <h2 id="career-form-title">{t("career.title")}</h2>
          <p className="career-intro">{t("career.intro")}</p>
          <ProtectedForm {...protection} encType="multipart/form-data">
            <div className="career-columns">
              <Field meta={fields.name} label={t("forms.name")} required>
                {(hint) => <input {...getInputProps(fields.name, { type: "text", ariaDescribedBy: hint })} autoComplete="name" />}
              </Field>
              <Field meta={fields.email} label={t("forms.email")} required>
                {(hint) => <EmailInput meta={fields.email} hint={hint} />}
              </Field>
            </div>
            <PhoneFields countries={unpackCountries(data.countries)} phoneCountry={fields.phoneCountry} phone={fields.phone} />
            <Field meta={fields.position} label={t("career.position")} required>
              {(hint) => (
                <select {...getSelectProps(fields.position, { ariaDescribedBy: hint })}>
                  <option value="">{t("career.choosePosition")}</option>
                  {POSITIONS.map((position) => (
                    <option key={position} value={position}>
                      {t(`career.positions.${position}`)}
                    </option>
                  ))}
                </select>
              )}
            </Field>
            <Field meta={fields.message} label={t("career.message")} hint={t("career.messageHint")} required>
              {(hint) => <textarea {...getTextareaProps(fields.message, { ariaDescribedBy: hint })} rows={6} />}
            </Field>
            <Field meta={fields.photo} label={t("career.photo")} hint={t("career.photoHint")} required>
              {(hint) => <input {...getInputProps(fields.photo, { type: "file", ariaDescribedBy: hint })} accept={PHOTO_MIME_TYPES.join(",")} />}
            </Field>
            <Field meta={fields.privacyConsent} label={t("career.privacyConsent")} hint={t("career.analyticsLink")} checkbox>
              {(hint) => <input {...getInputProps(fields.privacyConsent, { type: "checkbox", ariaDescribedBy: hint })} />}
            </Field>
          </ProtectedForm>
        </section>
      </div>
    </>
  );
}
