import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { formHeaders } from "~/lib/forms/headers";
import { toE164 } from "~/lib/forms/phone";
import {
  citiesForHtml,
  getCountries,
  getInstitutionTypes,
  leadAction,
  leadBase,
  loadFormPage,
  pageRoute,
  throwApiFailure,
  unknownChoices,
} from "./register.server";
import { pageMeta } from "~/components/page-kit";
import {
  ChoiceSelect,
  CountryCityFields,
  EmailInput,
  Field,
  FormPageLayout,
  getInputProps,
  packCountries,
  PhoneFields,
  ProtectedForm,
  unpackCountries,
  useLeadForm,
} from "~/components/form/form-kit";

export const meta = pageMeta;

export const headers = formHeaders;

export async function loader({ request, context }: LoaderFunctionArgs) {
  return loadFormPage(request, context, pageRoute("register", request), "register", async (lang) => {
    const [countries, institutionTypes] = await Promise.all([
      getCountries(context, lang),
      getInstitutionTypes(context, lang),
      citiesForHtml(context, lang),
    ]).catch(throwApiFailure);
    return { countries: packCountries(countries), institutionTypes };
  });
}

export async function action(args: ActionFunctionArgs) {
  return leadAction(
    { ...args, route: pageRoute("register", args.request) },
    "register",
    (v, { lang }) => ({
      kind: "webAgencyRegistration",
      payload: {
        ...leadBase(lang),
        institutionTypeId: v.institutionType!,
        countryCode: v.country,
        cityId: v.city,
        cityName: v.city ? undefined : v.cityName || undefined,
        organisation: v.organisation,
        website: v.website,
        contactPerson: v.contactPerson,
        email: v.email,
        phone: toE164(v.phone, v.phoneCountry),
      },
    }),
    () => "registerSent",
    {
      checkChoices: (v, lang) => unknownChoices(args.context, lang, { institutionType: v.institutionType, country: v.country, city: v.city }),
    },
  );
}

export default function RegisterPage() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const { form, fields, protection } = useLeadForm("register");
  return (
    <FormPageLayout title={data.title} align={data.align} content={data.content} formId={form.id} formTitle={t("forms.register.title")}>
      <ProtectedForm {...protection}>
        <ChoiceSelect
          meta={fields.institutionType}
          label={t("forms.register.institutionType")}
          prompt={t("forms.register.chooseInstitutionType")}
          options={data.institutionTypes.map((type) => ({ id: type.id, label: type.name }))}
        />
        <Field meta={fields.organisation} label={t("forms.register.organisation")} required>
          {(hint) => <input {...getInputProps(fields.organisation, { type: "text", ariaDescribedBy: hint })} autoComplete="organization" />}
        </Field>
        <Field meta={fields.website} label={t("forms.register.website")} hint={t("forms.register.websiteHint")}>
          {(hint) => <input {...getInputProps(fields.website, { type: "url", ariaDescribedBy: hint })} autoComplete="url" dir="ltr" />}
        </Field>
        <Field meta={fields.contactPerson} label={t("forms.register.contactPerson")} required>
          {(hint) => <input {...getInputProps(fields.contactPerson, { type: "text", ariaDescribedBy: hint })} autoComplete="name" />}
        </Field>
        <Field meta={fields.email} label={t("forms.email")} required>
          {(hint) => <EmailInput meta={fields.email} hint={hint} />}
        </Field>
        <PhoneFields countries={unpackCountries(data.countries)} phoneCountry={fields.phoneCountry} phone={fields.phone} />
        <CountryCityFields countries={unpackCountries(data.countries)} country={fields.country} city={fields.city} cityName={fields.cityName} />
        <Field meta={fields.privacyConsent} label={t("forms.privacyConsent")} hint={t("forms.analyticsLink")} checkbox>
          {(hint) => <input {...getInputProps(fields.privacyConsent, { type: "checkbox", ariaDescribedBy: hint })} />}
        </Field>
      </ProtectedForm>
    </FormPageLayout>
  );
}
