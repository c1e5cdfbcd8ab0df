/** Where the mail service posts its bounce and complaint reports (ADR 057): the route table's `mail/webhook`, and the body guard's one more JSON path. */
export const MAIL_WEBHOOK_PATH = "/mail/webhook";
