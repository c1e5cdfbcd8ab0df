import { getInputProps, getSelectProps, type FieldMetadata } from "@conform-to/react";
import { useActionData } from "@remix-run/react";
import { useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useEnhanced } from "~/components/form/use-enhanced";
import { Combobox, type ComboboxOption } from "~/components/form/combobox";
import { Field } from "~/components/form/field";
import { htmlOptionsProps, optionsHtml, optionsOf } from "~/components/form/options-html";
import type { Country } from "~/lib/platform/api/contract";
import { useHtmlOnly, type HtmlCities } from "~/lib/render/html-only";
import { useResidenceLink } from "~/components/form/residence-link";
import { useCities } from "~/components/form/use-cities";
import { isValidForCountry } from "~/lib/forms/phone-rules";

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

/**
 * The dial code (the form's start country preselected; a searchable combobox with JavaScript) and
 * the national number, which is validated for the country its code was picked from. With
 * JavaScript the dial code follows the country of residence picked in the page until the visitor
 * picks one (residence-link.tsx); without it the server does (dial-follows-residence.ts).
 */
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
  const enhanced = useEnhanced();
  const { residence } = useResidenceLink();
  const [picked, setPicked] = useState(false);
  // Decided when the residence changes (while rendering, like the combobox's scope): a number
  // already typed that is valid for the code shown is what the visitor meant, and keeps its code,
  // as the server's rule does (dial-follows-residence.ts).
  const [follow, setFollow] = useState<string>();
  const [seenResidence, setSeenResidence] = useState(residence);
  if (residence !== seenResidence) {
    setSeenResidence(residence);
    const typed = typeof phone.value === "string" ? phone.value.trim() : "";
    const shownCode = typeof phoneCountry.value === "string" ? phoneCountry.value : "";
    if (!picked && residence && !(typed && shownCode && isValidForCountry(typed, shownCode))) setFollow(residence);
  }
  // The combobox's options, once the page is interactive: a render on the server has no combobox.
  const options = useMemo<ComboboxOption[]>(
    () =>
      enhanced
        ? countries.map((c) => ({
            value: c.code,
            label: c.name,
            // The field is narrow: it shows the flag and the code (isolated, so Arabic pages show "+90",
            // not "90+"); the name is in the list and in the field's description.
            text: `\u2066${c.dialCode}\u2069`,
            dialCode: c.dialCode,
            flag: c.code,
          }))
        : [],
    [countries, enhanced],
  );
  const label = t("forms.offer.dialCode");
  return (
    <div className="field-pair">
      <Field meta={phoneCountry} label={label} required={required}>
        {(hint) =>
          enhanced ? (
            <Combobox
              {...comboboxField(phoneCountry, hint)}
              // A residence picked before the page was interactive is where the dial code starts.
              {...(follow ? { defaultValue: follow } : {})}
              label={label}
              options={options}
              required={required}
              wide
              follow={follow}
              onChange={() => setPicked(true)}
            />
          ) : (
            // Left to right like the number itself, and the code isolated (U+2066…U+2069: an option
            // holds text only, no <bdi>), so that Arabic pages show "+90", not "90+".
            <select
              {...getSelectProps(phoneCountry, { ariaDescribedBy: hint })}
              {...htmlOptionsProps(
                optionsHtml(
                  countries.map((c) => ({ value: c.code, label: `\u2066${c.dialCode}\u2069 ${c.name}` })),
                  comboboxField(phoneCountry, undefined).defaultValue,
                ),
              )}
              autoComplete="tel-country-code"
              dir="ltr"
            />
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
  country,
  city,
  cityName,
}: {
  countries: Country[];
  country: Meta;
  city: FieldMetadata<number | undefined>;
  cityName: Meta;
}) {
  const { t, i18n } = useTranslation();
  const enhanced = useEnhanced();
  const { pickResidence } = useResidenceLink();
  const cityList = useCities();
  const citiesOf = (code: string) => `/cities/${code}?lang=${encodeURIComponent(i18n.language)}`;
  const citySelect = useRef<HTMLSelectElement>(null);
  const [rendered, setRendered] = useState<ComboboxOption[]>([]);
  const [countryCode, setCountryCode] = useState(comboboxField(country, undefined).defaultValue);
  // The server's list for the country shown (the form's start, or the one "show cities" asked for); absent in the browser.
  const htmlCities = useHtmlOnly().cities?.(countryCode);
  const loadCities = (code: string) => {
    setCountryCode(code);
    pickResidence(code);
    cityList.load(citiesOf(code));
  };
  useEffect(() => {
    // Just hydrated, the server's select is still here (the combobox replaces it soon after): its
    // options are the list, read in a task of their own (thousands of towns for some countries), not in the hydration's.
    // A page reached by a client-side navigation has no server HTML: it loads its country's
    // cities instead.
    const select = citySelect.current;
    if (!select) {
      cityList.load(citiesOf(countryCode));
      return;
    }
    const read = setTimeout(() => setRendered(optionsOf(select)));
    return () => clearTimeout(read);
    // Once, on mount: later countries load through loadCities.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const countryOptions = useMemo<ComboboxOption[]>(
    () => (enhanced ? countries.map((c) => ({ value: c.code, label: c.name, flag: c.code })) : []),
    [countries, enhanced],
  );
  const cityValue = comboboxField(city, undefined).defaultValue;
  const cityOptions = useMemo(() => (cityList.data ? optionsOfCities(cityList.data) : rendered), [cityList.data, rendered]);
  // Back from "show cities" (no JavaScript): the page lands at the city field, focused, not at its top.
  const citiesShown = useActionData<{ citiesShown?: boolean }>()?.citiesShown === true;
  const countryLabel = t("forms.offer.country");
  const cityLabel = t("forms.offer.city");
  return (
    <>
      <Field meta={country} label={countryLabel} required>
        {(hint) =>
          enhanced ? (
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
                {...htmlOptionsProps(
                  optionsHtml(
                    countries.map((c) => ({ value: c.code, label: c.name })),
                    countryCode,
                  ),
                )}
                autoComplete="country"
                onChange={(event) => loadCities(event.currentTarget.value)}
              />
              <button type="submit" name="intent" value="cities" className="button button-secondary" formNoValidate>
                {t("forms.offer.showCities")}
              </button>
            </div>
          )
        }
      </Field>
      <Field meta={city} label={cityLabel}>
        {(hint) =>
          enhanced ? (
            <Combobox
              {...comboboxField(city, hint)}
              scope={countryCode}
              label={cityLabel}
              options={cityOptions}
              addName={cityName.name}
              defaultAdded={typeof cityName.initialValue === "string" ? cityName.initialValue : ""}
              placeholder={t("forms.offer.anyCity")}
              loading={cityList.loading}
              minSearchLength={cityOptions.length > LONG_CITY_LIST ? 2 : 0}
              clearable
            />
          ) : (
            // Only the server has the towns (html-only.tsx): the browser renders this select empty
            // and hydrating keeps the server's options, which the effect above reads.
            <select
              {...getSelectProps(city, { ariaDescribedBy: hint })}
              {...htmlOptionsProps(
                htmlCities
                  ? optionsHtml([{ value: "", label: t("forms.offer.anyCity") }], cityValue) + optionsHtml(optionsOfCities(htmlCities.list), cityValue)
                  : "",
              )}
              ref={citySelect}
              // eslint-disable-next-line jsx-a11y/no-autofocus -- the visitor's own "show cities" put it here
              autoFocus={citiesShown}
            />
          )
        }
      </Field>
    </>
  );
}

const optionsOfCities = (list: HtmlCities["list"]): ComboboxOption[] => list.map((c) => ({ value: String(c.id), label: c.name }));
