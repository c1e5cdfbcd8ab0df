import type { FormName } from "~/lib/forms/form-checks";

/** The e-mail, phone and place fields the offer and partner forms share, in the order they show them. */
const REACH_AND_LOCATION = {
  email: "forms.email",
  phoneCountry: "forms.offer.dialCode",
  phone: "forms.phone",
  country: "forms.offer.country",
  city: "forms.offer.city",
  cityName: "forms.offer.city",
} as const;

/**
 * What each lead form's error summary calls its fields: the key of the label the field shows, and
 * the consent by a short name of its own (its label is a sentence). A town added by hand (cityName)
 * is given in the city field, which its entry links to.
 */
export const FIELD_LABELS: Record<FormName, Record<string, string>> = {
  contact: {
    name: "forms.name",
    email: "forms.email",
    phoneCountry: "forms.offer.dialCode",
    phone: "forms.phone",
    subject: "forms.subject",
    message: "forms.message",
    privacyConsent: "forms.summary.consent",
  },
  offer: {
    name: "forms.name",
    ...REACH_AND_LOCATION,
    treatment: "forms.offer.treatment",
    contactChannel: "forms.offer.contactChannel",
    preferredDay: "forms.offer.preferredDay",
    message: "forms.message",
    privacyConsent: "forms.summary.consent",
  },
  register: {
    institutionType: "forms.register.institutionType",
    organisation: "forms.register.organisation",
    website: "forms.register.website",
    contactPerson: "forms.register.contactPerson",
    ...REACH_AND_LOCATION,
    privacyConsent: "forms.summary.consent",
  },
  career: {
    name: "forms.name",
    email: "forms.email",
    phoneCountry: "forms.offer.dialCode",
    phone: "forms.phone",
    position: "career.position",
    message: "career.message",
    photo: "career.photo",
    privacyConsent: "forms.summary.consent",
  },
};

/** The field an entry of the summary takes the visitor to. */
export const LINKED_FIELD: Record<string, string> = { cityName: "city" };
