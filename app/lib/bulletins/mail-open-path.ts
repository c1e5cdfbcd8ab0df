/** Where a bulletin's open pixel is fetched (ADR 057 amended): the route table's `mail/open/:token`, and a tier of the rate limit. */
export const MAIL_OPEN_PATH = "/mail/open/";
