import { getInputProps, getSelectProps, type FieldMetadata } from "@conform-to/react";
import { useFetcher } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { useHydrated } from "remix-utils/use-hydrated";
import { Field } from "~/components/form/field";
import type { City, Country } from "~/lib/api/contract";

/** Dial code and number: the number is validated for the country its code was picked from. */
export function PhoneFields({
  countries,
  phoneCountry,
  phone,
}: {
  countries: Country[];
  phoneCountry: FieldMetadata<string | undefined>;
  phone: FieldMetadata<string | undefined>;
}) {
  const { t } = useTranslation();
  return (
    <div className="field-pair">
      <Field meta={phoneCountry} label={t("forms.offer.dialCode")} required>
        {(hint) => (
          // Left to right like the number itself, so Arabic pages show "+90", not "90+".
          <select {...getSelectProps(phoneCountry, { ariaDescribedBy: hint })} autoComplete="tel-country-code" dir="ltr">
            {countries.map((c) => (
              <option key={c.code} value={c.code}>
                {`${c.dialCode} ${c.name}`}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field meta={phone} label={t("forms.phone")} required>
        {(hint) => <input {...getInputProps(phone, { type: "tel", ariaDescribedBy: hint })} autoComplete="tel-national" dir="ltr" />}
      </Field>
    </div>
  );
}

/**
 * Country and city. With JavaScript the cities load from /cities/{code} as the country changes;
 * without it, a "show cities" button sends the form back with the chosen country's cities and
 * every value kept.
 */
export function CountryCityFields({
  countries,
  cities,
  country,
  city,
}: {
  countries: Country[];
  cities: City[];
  country: FieldMetadata<string | undefined>;
  city: FieldMetadata<number | undefined>;
}) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const fetcher = useFetcher<City[]>();
  const list = fetcher.data ?? cities;
  return (
    <>
      <Field meta={country} label={t("forms.offer.country")} required>
        {(hint) => (
          <div className="select-with-action">
            <select
              {...getSelectProps(country, { ariaDescribedBy: hint })}
              autoComplete="country"
              onChange={(event) => fetcher.load(`/cities/${event.currentTarget.value}`)}
            >
              {countries.map((c) => (
                <option key={c.code} value={c.code}>
                  {c.name}
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
      <Field meta={city} label={t("forms.offer.city")}>
        {(hint) => (
          <select {...getSelectProps(city, { ariaDescribedBy: hint })} key={list[0]?.countryCode ?? "none"}>
            <option value="">{t("forms.offer.anyCity")}</option>
            {list.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
        )}
      </Field>
    </>
  );
}
