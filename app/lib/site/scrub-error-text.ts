/*
 * What a browser error report may say, made safe to keep: used in the page before a report leaves
 * (report-browser-errors.ts) and again on the server (browser-errors.server.ts), which trusts nothing
 * a browser sends. Kept to three regular expressions: this module is in every public page's script.
 */

/** An e-mail address, however it is written into a message. */
const EMAIL = /[^\s@"'`<>()[\]{},;:]+@[^\s@"'`<>()[\]{},;:]+\.[a-z]{2,}/gi;
/** The query string and fragment of an absolute URL: where a page carries what a visitor typed. */
const URL_TAIL = /(\b[a-z][\w+.-]*:\/\/[^\s?#"'`<>()]*)[?#][^\s"'`<>()]*/gi;
/** Seven digits or more, spaces, dots, dashes and brackets between them allowed: a phone number, an id card, a card number. */
const DIGIT_RUN = /\+?\d(?:[\s().-]*\d){6,}/g;

/** A message, a page path or a frame's function name with no e-mail, phone, query string or fragment left in it. */
export const scrubText = (text: string) => text.replace(URL_TAIL, "$1").replace(EMAIL, "[email]").replace(DIGIT_RUN, "[number]");

/**
 * A stack trace, line by line: each line scrubbed like a message except its trailing `:line:column`,
 * which the server needs to find the source and is only numbers.
 */
export const scrubStack = (stack: string) => stack.replace(/^(.*?)(:\d+:\d+\)?)?$/gm, (_, text: string, position = "") => scrubText(text) + position);
