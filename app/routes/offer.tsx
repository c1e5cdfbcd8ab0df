import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { toE164 } from "~/lib/forms/phone";
import { weekdayName } from "~/lib/site/format";
import { useTranslation } from "react-i18next";
import { formHeaders } from "~/lib/forms/headers";
import {
  citiesForHtml,
  getCountries,
  getTreatmentOptions,
  leadAction,
  leadBase,
  loadFormPage,
  sharedPageRoute,
  startCountry,
  throwApiFailure,
  unknownChoices,
} from "./offer.server";
import { NewsletterSignup, pageMeta } from "~/components/page-kit";
import {
  ChoiceSelect,
  CONTACT_CHANNELS,
  CountryCityFields,
  DAYS,
  EmailInput,
  Field,
  FieldErrors,
  FormPageLayout,
  getInputProps,
  getSelectProps,
  getTextareaProps,
  packCountries,
  PhoneFields,
  ProtectedForm,
  unpackCountries,
  useLeadForm,
} from "~/components/form/form-kit";

export const meta = pageMeta;

export const headers = formHeaders;

/** The offer variants whose readers came from a magazine or a newsletter: the sign-up sits on the page as well as in the footer. */
const NEWSLETTER_PAGES = new Set(["get-an-offer-magazine", "gabon-newsletter"]);

/** The offer variants share this form and tell the sales team where the visitor came from. */
const SOURCES: Record<string, string> = {
  "get-an-offer": "website",
  "get-an-offer-magazine": "magazine",
  "gabon-newsletter": "gabon-newsletter",
};

export async function loader({ request, context }: LoaderFunctionArgs) {
  const route = sharedPageRoute(request);
  return loadFormPage(request, context, route, "offer", async (lang) => {
    const [countries, treatments] = await Promise.all([
      getCountries(context, lang),
      getTreatmentOptions(context, lang),
      citiesForHtml(context, lang, startCountry(route.page)),
    ]).catch(throwApiFailure);
    // Named here: the browser's first Intl formatter loads its locale data, a long task while hydrating.
    return {
      countries: packCountries(countries),
      treatments,
      dayNames: DAYS.map((_, index) => weekdayName(lang, index)),
      // The magazine's and the Gabon newsletter's readers are offered the newsletter on the page itself too (ADR 056).
      newsletter: NEWSLETTER_PAGES.has(route.page.name) ? lang : null,
    };
  });
}

export async function action(args: ActionFunctionArgs) {
  return leadAction(
    { ...args, route: sharedPageRoute(args.request) },
    "offer",
    (v, { page, lang }) => ({
      kind: "contactForm",
      payload: {
        ...leadBase(lang),
        formType: "offer",
        source: SOURCES[page.name] ?? "website",
        name: v.name,
        email: v.email,
        phone: toE164(v.phone, v.phoneCountry),
        countryCode: v.country,
        cityId: v.city,
        cityName: v.city ? undefined : v.cityName || undefined,
        treatmentId: v.treatment,
        contactChannel: v.contactChannel,
        preferredDay: v.preferredDay,
        message: v.message ?? "",
        privacyConsent: true,
      },
    }),
    () => "offerSent",
    {
      checkChoices: (v, lang) => unknownChoices(args.context, lang, { treatment: v.treatment, country: v.country, city: v.city }),
    },
  );
}

export default function OfferPage() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const { form, fields, protection } = useLeadForm("offer");

  const offer = (
    <FormPageLayout title={data.title} align={data.align} content={data.content} formId={form.id} formTitle={t("forms.offer.title")}>
      <ProtectedForm {...protection}>
        <Field meta={fields.name} label={t("forms.name")} required>
          {(hint) => <input {...getInputProps(fields.name, { type: "text", ariaDescribedBy: hint })} autoComplete="name" />}
        </Field>
        <Field meta={fields.email} label={t("forms.email")} required>
          {(hint) => <EmailInput meta={fields.email} hint={hint} />}
        </Field>
        <PhoneFields countries={unpackCountries(data.countries)} phoneCountry={fields.phoneCountry} phone={fields.phone} />
        <CountryCityFields countries={unpackCountries(data.countries)} country={fields.country} city={fields.city} cityName={fields.cityName} />
        <ChoiceSelect
          meta={fields.treatment}
          label={t("forms.offer.treatment")}
          prompt={t("forms.offer.chooseTreatment")}
          options={data.treatments.map((tr) => ({ id: tr.id, label: tr.title }))}
        />
        <fieldset id={fields.contactChannel.id} className="field choice-group" aria-describedby={fields.contactChannel.errorId}>
          <legend>{t("forms.offer.contactChannel")}</legend>
          {CONTACT_CHANNELS.map((channel) => (
            <label key={channel} className="choice">
              <input type="radio" name={fields.contactChannel.name} value={channel} defaultChecked={fields.contactChannel.initialValue === channel} />
              {t(`forms.offer.channels.${channel}`)}
            </label>
          ))}
          <FieldErrors meta={fields.contactChannel} />
        </fieldset>
        <Field meta={fields.preferredDay} label={t("forms.offer.preferredDay")}>
          {(hint) => (
            <select {...getSelectProps(fields.preferredDay, { ariaDescribedBy: hint })}>
              <option value="">{t("forms.offer.anyDay")}</option>
              {DAYS.map((day, index) => (
                <option key={day.name} value={day.name}>
                  {day.isWeekend ? `${data.dayNames[index]} (${t("forms.offer.weekend")})` : data.dayNames[index]}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field meta={fields.message} label={t("forms.message")} hint={t("forms.offer.messageHint")}>
          {(hint) => <textarea {...getTextareaProps(fields.message, { ariaDescribedBy: hint })} rows={5} />}
        </Field>
        <Field meta={fields.privacyConsent} label={t("forms.privacyConsent")} hint={t("forms.analyticsLink")} checkbox>
          {(hint) => <input {...getInputProps(fields.privacyConsent, { type: "checkbox", ariaDescribedBy: hint })} />}
        </Field>
      </ProtectedForm>
    </FormPageLayout>
  );
  if (!data.newsletter) return offer;
  return (
    <>
      {offer}
      <div className="container newsletter-page">
        {/* Not a second landmark of the same name as the footer's sign-up: a block of the page. */}
        <div className="newsletter-answer">
          <h2 id="newsletter-heading">{t("newsletter.heading")}</h2>
          <p>{t("newsletter.lead")}</p>
          <NewsletterSignup lang={data.newsletter} id="newsletter" />
        </div>
      </div>
    </>
  );
}
