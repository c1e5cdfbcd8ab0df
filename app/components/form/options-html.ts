/** One option of a native select. */
export interface Option {
  value: string;
  label: string;
}

const SPECIAL = /[&<>"]/;
// Numeric references: the four characters that matter in text and in a quoted attribute. Most
// labels have none, and a test is cheaper than a replace with a callback (a country's towns run to thousands).
const escapeHtml = (text: string) => (SPECIAL.test(text) ? text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`) : text);
/**
 * A native select's options as HTML, for a list too long to be React elements (ADR 014): the browser
 * hydrates the select without a node per option and reads the list back (`optionsOf`) instead of
 * decoding a copy of it from the loader data. The first option of the `selected` value is marked.
 */
export function optionsHtml(options: readonly Option[], selected: string): string {
  let html = "";
  let marked = false;
  for (const { value, label } of options) {
    const select: boolean = !marked && value === selected;
    marked ||= select;
    html += `<option value="${escapeHtml(value)}"${select ? " selected" : ""}>${escapeHtml(label)}</option>`;
  }
  return html;
}

/**
 * A native select's props for options given as HTML: hydration leaves the server's options as they
 * are, `selected` marking the kept value. Only the browser may render them empty (a list only the
 * server has), hence suppressHydrationWarning.
 */
export const htmlOptionsProps = (html: string) => ({ dangerouslySetInnerHTML: { __html: html }, suppressHydrationWarning: true });

/** The options a server-rendered select lists, without its empty prompt. */
export function optionsOf(select: HTMLSelectElement): Option[] {
  const options: Option[] = [];
  // children and textContent: about a sixth of the time of `options` and `text` for 1,300 towns (Türkiye's list when it still had its districts).
  for (const option of select.children as HTMLCollectionOf<HTMLOptionElement>) {
    if (option.value) options.push({ value: option.value, label: option.textContent ?? "" });
  }
  return options;
}
