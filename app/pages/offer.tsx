import { getInputProps, getSelectProps, getTextareaProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useFetcher, useLoaderData } from "@remix-run/react";
import { parsePhoneNumber, type CountryCode } from "libphonenumber-js/min";
import { useTranslation } from "react-i18next";
import { useHydrated } from "remix-utils/use-hydrated";
import { ContentSections } from "~/components/content-sections";
import { Field } from "~/components/form/field";
import { ProtectedForm } from "~/components/form/protected-form";
import { PageHeader } from "~/components/page-header";
import { getCities, getCountries, getTreatmentOptions } from "~/lib/api/content.server";
import type { City } from "~/lib/api/contract";
import { DEFAULT_NOTIFICATION_SOURCE_ID, PROJECT_ID } from "~/lib/api/contract";
import { toResponse } from "~/lib/api/unavailable.server";
import { flagEmoji } from "~/lib/flag";
import { loadFormPage } from "~/lib/forms/form-page.server";
import { formHeaders } from "~/lib/forms/headers";
import { checkProtection } from "~/lib/forms/protection.server";
import { CONTACT_CHANNELS, DAYS, DEFAULT_COUNTRY, OfferSchema } from "~/lib/forms/schemas";
import { setToast } from "~/lib/forms/toast.server";
import { pageMeta } from "~/lib/meta";
import { getOutbox } from "~/lib/outbox/index.server";
import { requireRoute } from "~/lib/page.server";

export const meta = pageMeta;
export const headers = formHeaders;

/** The offer variants share this form and tell the sales team where the visitor came from. */
const SOURCES: Record<string, string> = {
  "get-an-offer": "website",
  "get-an-offer-magazine": "magazine",
  "gabon-newsletter": "gabon-newsletter",
};

export async function loader({ request }: LoaderFunctionArgs) {
  return loadFormPage(request, async (lang) => {
    const [countries, treatments, cities] = await Promise.all([
      getCountries(lang),
      getTreatmentOptions(lang),
      getCities(lang, DEFAULT_COUNTRY).catch((): City[] => []),
    ]).catch(toResponse);
    return { countries, treatments, cities: { country: DEFAULT_COUNTRY, list: cities } };
  });
}

export async function action({ request }: ActionFunctionArgs) {
  const { page, lang } = requireRoute(request);
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: OfferSchema });
  // Without JavaScript, "show cities" comes back with the chosen country's cities and every value kept.
  if (formData.get("intent") === "cities") {
    const country = String(formData.get("country") ?? DEFAULT_COUNTRY);
    const list = await getCities(lang, country).catch((): City[] => []);
    return json({ result: { ...submission.reply(), error: {} }, cities: { country, list } });
  }
  const rejection = await checkProtection(formData, request);
  if (rejection) return json({ result: submission.reply({ formErrors: [rejection] }), cities: null }, { status: rejection === "csrf" ? 403 : 400 });
  if (submission.status !== "success") return json({ result: submission.reply(), cities: null }, { status: 400 });
  const v = submission.value;
  getOutbox().enqueue(lang, {
    kind: "contactForm",
    payload: {
      projectId: PROJECT_ID,
      notificationSourceId: DEFAULT_NOTIFICATION_SOURCE_ID,
      languageCode: lang,
      formType: "offer",
      source: SOURCES[page.name] ?? "website",
      name: v.name,
      email: v.email,
      phone: parsePhoneNumber(v.phone, v.phoneCountry as CountryCode).number,
      countryCode: v.country,
      cityId: v.city,
      treatmentId: v.treatment,
      contactChannel: v.contactChannel,
      preferredDay: v.preferredDay,
      message: v.message ?? "",
      privacyConsent: true,
    },
  });
  return redirect(new URL(request.url).pathname, { status: 303, headers: { "Set-Cookie": await setToast("offerSent") } });
}

export default function OfferPage() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t, i18n } = useTranslation();
  const hydrated = useHydrated();
  const cityFetcher = useFetcher<City[]>();
  const [form, fields] = useForm({
    id: "offer-form",
    lastResult: actionData?.result,
    constraint: getZodConstraint(OfferSchema),
    defaultValue: { phoneCountry: DEFAULT_COUNTRY, country: DEFAULT_COUNTRY },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: OfferSchema }),
  });
  const cities = cityFetcher.data ?? actionData?.cities?.list ?? data.cities.list;
  const dayName = (index: number) =>
    new Intl.DateTimeFormat(i18n.language, { weekday: "long", timeZone: "UTC" }).format(new Date(Date.UTC(2024, 0, 1 + index)));

  return (
    <>
      <PageHeader title={data.title} lead={data.content.lead} align={data.align} />
      <div className="container page-body form-layout">
        <article className="prose">
          <ContentSections sections={data.content.sections} />
        </article>
        <section className="form-card" aria-labelledby="offer-form-title">
          <h2 id="offer-form-title">{t("forms.offer.title")}</h2>
          <ProtectedForm form={form} csrf={data.csrf} honeypot={data.honeypot}>
            <Field meta={fields.name} label={t("forms.name")} required>
              {(hint) => <input {...getInputProps(fields.name, { type: "text", ariaDescribedBy: hint })} autoComplete="name" />}
            </Field>
            <Field meta={fields.email} label={t("forms.email")} required>
              {(hint) => <input {...getInputProps(fields.email, { type: "email", ariaDescribedBy: hint })} autoComplete="email" />}
            </Field>
            <div className="field-pair">
              <Field meta={fields.phoneCountry} label={t("forms.offer.dialCode")} required>
                {(hint) => (
                  <select {...getSelectProps(fields.phoneCountry, { ariaDescribedBy: hint })} autoComplete="tel-country-code">
                    {data.countries.map((c) => (
                      <option key={c.code} value={c.code}>
                        {`${flagEmoji(c.code)} ${c.dialCode} ${c.name}`}
                      </option>
                    ))}
                  </select>
                )}
              </Field>
              <Field meta={fields.phone} label={t("forms.phone")} required>
                {(hint) => <input {...getInputProps(fields.phone, { type: "tel", ariaDescribedBy: hint })} autoComplete="tel-national" dir="ltr" />}
              </Field>
            </div>
            <Field meta={fields.country} label={t("forms.offer.country")} required>
              {(hint) => (
                <div className="select-with-action">
                  <select
                    {...getSelectProps(fields.country, { ariaDescribedBy: hint })}
                    autoComplete="country"
                    onChange={(event) => cityFetcher.load(`/cities/${event.currentTarget.value}`)}
                  >
                    {data.countries.map((c) => (
                      <option key={c.code} value={c.code}>
                        {`${flagEmoji(c.code)} ${c.name}`}
                      </option>
                    ))}
                  </select>
                  {hydrated ? null : (
                    <button type="submit" name="intent" value="cities" className="button button-secondary" formNoValidate>
                      {t("forms.offer.showCities")}
                    </button>
                  )}
                </div>
              )}
            </Field>
            <Field meta={fields.city} label={t("forms.offer.city")}>
              {(hint) => (
                <select {...getSelectProps(fields.city, { ariaDescribedBy: hint })} key={cities.length ? cities[0].countryCode : "none"}>
                  <option value="">{t("forms.offer.anyCity")}</option>
                  {cities.map((c) => (
                    <option key={c.id} value={c.id}>
                      {c.name}
                    </option>
                  ))}
                </select>
              )}
            </Field>
            <Field meta={fields.treatment} label={t("forms.offer.treatment")} required>
              {(hint) => (
                <select {...getSelectProps(fields.treatment, { ariaDescribedBy: hint })}>
                  <option value="">{t("forms.offer.chooseTreatment")}</option>
                  {data.treatments.map((tr) => (
                    <option key={tr.id} value={tr.id}>
                      {tr.title}
                    </option>
                  ))}
                </select>
              )}
            </Field>
            <fieldset className="field choice-group" aria-describedby={fields.contactChannel.errorId}>
              <legend>{t("forms.offer.contactChannel")}</legend>
              {CONTACT_CHANNELS.map((channel) => (
                <label key={channel} className="choice">
                  <input
                    type="radio"
                    name={fields.contactChannel.name}
                    value={channel}
                    defaultChecked={fields.contactChannel.initialValue === channel}
                  />
                  {t(`forms.offer.channels.${channel}`)}
                </label>
              ))}
              <div id={fields.contactChannel.errorId} className="field-error">
                {fields.contactChannel.errors?.map((key) => <p key={key}>{t(`forms.errors.${key}`)}</p>)}
              </div>
            </fieldset>
            <Field meta={fields.preferredDay} label={t("forms.offer.preferredDay")}>
              {(hint) => (
                <select {...getSelectProps(fields.preferredDay, { ariaDescribedBy: hint })}>
                  <option value="">{t("forms.offer.anyDay")}</option>
                  {DAYS.map((day, index) => (
                    <option key={day.name} value={day.name}>
                      {day.isWeekend ? `${dayName(index)} (${t("forms.offer.weekend")})` : dayName(index)}
                    </option>
                  ))}
                </select>
              )}
            </Field>
            <Field meta={fields.message} label={t("forms.message")} hint={t("forms.offer.messageHint")}>
              {(hint) => <textarea {...getTextareaProps(fields.message, { ariaDescribedBy: hint })} rows={5} />}
            </Field>
            <Field meta={fields.privacyConsent} label={t("forms.privacyConsent")} checkbox>
              {(hint) => <input {...getInputProps(fields.privacyConsent, { type: "checkbox", ariaDescribedBy: hint })} />}
            </Field>
          </ProtectedForm>
        </section>
      </div>
    </>
  );
}
