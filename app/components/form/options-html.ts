import type { ComboboxItem } from "~/components/form/use-combobox";

type Option = Pick<ComboboxItem, "value" | "label">;

// Numeric references: the four characters that matter in text and in a quoted attribute.
const escapeHtml = (text: string) => text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);

interface WrittenOptions {
  html: string;
  /** Where " selected" goes for each value: just after its option's value attribute. */
  marks: Map<string, number>;
}

function writeOptions(options: readonly Option[]): WrittenOptions {
  let html = "";
  const marks = new Map<string, number>();
  for (const { value, label } of options) {
    html += `<option value="${escapeHtml(value)}"`;
    if (!marks.has(value)) marks.set(value, html.length);
    html += `>${escapeHtml(label)}</option>`;
  }
  return { html, marks };
}

function withSelected({ html, marks }: WrittenOptions, selected: string): string {
  const mark = marks.get(selected);
  return mark === undefined ? html : `${html.slice(0, mark)} selected${html.slice(mark)}`;
}

/**
 * A native select's options as HTML, for a list too long to be React elements: the server writes it
 * once, the browser hydrates the select without a node per option and reads the list back
 * (`optionsOf`) instead of decoding a copy of it from the loader data.
 */
export function optionsHtml(options: readonly Option[], selected: string): string {
  return withSelected(writeOptions(options), selected);
}

const written = new WeakMap<object, Map<string, WrittenOptions>>();

/**
 * `optionsHtml` for a list that stays one object while the content cache holds it (a language's
 * countries, a country's towns), written once per list and `variant` instead of on every render:
 * escaping and joining the offer form's 1,300 towns and two lists of 250 countries was a tenth of
 * its render, with the garbage it left. `options` is only called the first time.
 */
export function listOptionsHtml(list: object, variant: string, options: () => readonly Option[], selected: string): string {
  let variants = written.get(list);
  if (!variants) written.set(list, (variants = new Map()));
  let found = variants.get(variant);
  if (!found) variants.set(variant, (found = writeOptions(options())));
  return withSelected(found, selected);
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
  // children and textContent: about a sixth of the time of `options` and `text` for 1,300 towns.
  for (const option of select.children as HTMLCollectionOf<HTMLOptionElement>) {
    if (option.value) options.push({ value: option.value, label: option.textContent ?? "" });
  }
  return options;
}
