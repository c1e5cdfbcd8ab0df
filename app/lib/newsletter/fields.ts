/** The newsletter form's honeypot field: left empty by people (it is hidden from them), filled by many bots. */
export const NEWSLETTER_TRAP = "website__confirm";
