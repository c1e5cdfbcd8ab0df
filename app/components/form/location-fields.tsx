import { getInputProps, getSelectProps, type FieldMetadata } from "@conform-to/react";
import { useFetcher } from "@remix-run/react";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { useHydrated } from "remix-utils/use-hydrated";
import { Combobox, type ComboboxOption } from "~/components/form/combobox";
import { Field } from "~/components/form/field";
import type { City, Country } from "~/lib/api/contract";

/* Without JavaScript these are native selects; once the page is interactive they become searchable
   comboboxes that send the same field names and values, so the server sees no difference. */

/** A list of thousands of towns is not browsable: past this many, the city combobox asks for two letters first. */
const LONG_CITY_LIST = 300;

type Meta = FieldMetadata<string | undefined>;

/** What the native select and the combobox share: the field's id, name, kept value and error wiring. */
function comboboxField(meta: FieldMetadata<unknown>, hint: string | undefined) {
  const props = getSelectProps(meta as Meta, { ariaDescribedBy: hint });
  return {
    id: props.id,
    name: props.name,
    defaultValue: typeof props.defaultValue === "string" ? props.defaultValue : "",
    invalid: props["aria-invalid"],
    describedBy: props["aria-describedby"],
  };
}

/** Dial code and number: the number is validated for the country its code was picked from. */
/** The dial code (Türkiye preselected; a searchable combobox with JavaScript) and the national number. */
export function PhoneFields({
  countries,
  phoneCountry,
  phone,
  required = true,
}: {
  countries: Country[];
  phoneCountry: Meta;
  phone: Meta;
  /** The contact form asks for a phone without requiring one. */
  required?: boolean;
}) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const options = useMemo<ComboboxOption[]>(
    () =>
      countries.map((c) => ({
        value: c.code,
        label: c.name,
        // The field is narrow: it shows the flag and the code (isolated, so Arabic pages show "+90",
        // not "90+"); the name is in the list and in the field's description.
        text: `\u2066${c.dialCode}\u2069`,
        dialCode: c.dialCode,
        flag: c.code,
      })),
    [countries],
  );
  const label = t("forms.offer.dialCode");
  return (
    <div className="field-pair">
      <Field meta={phoneCountry} label={label} required={required}>
        {(hint) =>
          hydrated ? (
            <Combobox {...comboboxField(phoneCountry, hint)} label={label} options={options} required={required} wide />
          ) : (
            // Left to right like the number itself, so Arabic pages show "+90", not "90+".
            <select {...getSelectProps(phoneCountry, { ariaDescribedBy: hint })} autoComplete="tel-country-code" dir="ltr">
              {countries.map((c) => (
                <option key={c.code} value={c.code}>
                  {`${c.dialCode} ${c.name}`}
                </option>
              ))}
            </select>
          )
        }
      </Field>
      {/* The national number alone ("tel-national"): the dial code has its own field. HTML allows that
          autofill name only on a text input, not on type="tel"; inputMode keeps the phone keypad. */}
      <Field meta={phone} label={t("forms.phone")} required={required}>
        {(hint) => <input {...getInputProps(phone, { type: "text", ariaDescribedBy: hint })} inputMode="tel" autoComplete="tel-national" dir="ltr" />}
      </Field>
    </div>
  );
}

/**
 * Country and city. With JavaScript the cities load from /cities/{code} as the country changes,
 * and a town that is not listed can be added (sent as `cityName`); without it, a "show cities"
 * button sends the form back with the chosen country's cities and every value kept.
 */
export function CountryCityFields({
  countries,
  cities,
  country,
  city,
  cityName,
}: {
  countries: Country[];
  cities: City[];
  country: Meta;
  city: FieldMetadata<number | undefined>;
  cityName: Meta;
}) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const fetcher = useFetcher<City[]>();
  const list = fetcher.data ?? cities;
  const countryOptions = useMemo<ComboboxOption[]>(() => countries.map((c) => ({ value: c.code, label: c.name, flag: c.code })), [countries]);
  const cityOptions = useMemo<ComboboxOption[]>(() => list.map((c) => ({ value: String(c.id), label: c.name })), [list]);
  const [countryCode, setCountryCode] = useState(comboboxField(country, undefined).defaultValue);
  const loadCities = (code: string) => {
    setCountryCode(code);
    fetcher.load(`/cities/${code}`);
  };
  const countryLabel = t("forms.offer.country");
  const cityLabel = t("forms.offer.city");
  return (
    <>
      <Field meta={country} label={countryLabel} required>
        {(hint) =>
          hydrated ? (
            <Combobox
              {...comboboxField(country, hint)}
              label={countryLabel}
              options={countryOptions}
              required
              onChange={(code) => (code ? loadCities(code) : undefined)}
            />
          ) : (
            <div className="select-with-action">
              <select
                {...getSelectProps(country, { ariaDescribedBy: hint })}
                autoComplete="country"
                onChange={(event) => loadCities(event.currentTarget.value)}
              >
                {countries.map((c) => (
                  <option key={c.code} value={c.code}>
                    {c.name}
                  </option>
                ))}
              </select>
              <button type="submit" name="intent" value="cities" className="button button-secondary" formNoValidate>
                {t("forms.offer.showCities")}
              </button>
            </div>
          )
        }
      </Field>
      <Field meta={city} label={cityLabel}>
        {(hint) =>
          hydrated ? (
            <Combobox
              {...comboboxField(city, hint)}
              scope={countryCode}
              label={cityLabel}
              options={cityOptions}
              addName={cityName.name}
              defaultAdded={typeof cityName.initialValue === "string" ? cityName.initialValue : ""}
              placeholder={t("forms.offer.anyCity")}
              loading={fetcher.state === "loading"}
              minSearchLength={cityOptions.length > LONG_CITY_LIST ? 2 : 0}
              clearable
            />
          ) : (
            <select {...getSelectProps(city, { ariaDescribedBy: hint })} key={list[0]?.countryCode ?? "none"}>
              <option value="">{t("forms.offer.anyCity")}</option>
              {list.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
            </select>
          )
        }
      </Field>
    </>
  );
}
