import { useServerHtml, type ListOption as Option } from "~/components/server-html";

const SPECIAL = /[&<>"]/;
// Numeric references: the four characters that matter in text and in a quoted attribute. Most
// labels have none, and a test is cheaper than a replace with a callback (the towns are 1,300).
const escapeHtml = (text: string) => (SPECIAL.test(text) ? text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`) : text);
// An option in two halves: " selected" goes between them.
const optionHead = (value: string) => `<option value="${escapeHtml(value)}"`;
const optionTail = (label: string) => `>${escapeHtml(label)}</option>`;

interface WrittenOptions {
  html: string;
  /** Where " selected" goes for each value: just after its option's value attribute, counted by `length`. */
  marks: Map<string, number>;
}

/** `length` counts what a mark counts: UTF-16 units by default, UTF-8 bytes for the server's kept bytes. */
export function writeOptions(options: readonly Option[], length: (text: string) => number = (text) => text.length): WrittenOptions {
  let html = "";
  let at = 0;
  const marks = new Map<string, number>();
  for (const { value, label } of options) {
    const head = optionHead(value);
    const tail = optionTail(label);
    html += head + tail;
    at += length(head);
    if (!marks.has(value)) marks.set(value, at);
    at += length(tail);
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
 * (`optionsOf`) instead of decoding a copy of it from the loader data. The first option of the
 * `selected` value is marked, as `writeOptions`' marks place it.
 */
export function optionsHtml(options: readonly Option[], selected: string): string {
  let html = "";
  let marked = false;
  for (const { value, label } of options) {
    const select: boolean = !marked && value === selected;
    marked ||= select;
    html += optionHead(value) + (select ? " selected" : "") + optionTail(label);
  }
  return html;
}

/**
 * What is made of a list once per list object and `variant`: a list stays one object while the
 * content cache holds it (a language's countries, a country's towns), and goes with it.
 */
export function perList<T>(made: WeakMap<object, Map<string, T>>, list: object, variant: string, make: () => T): T {
  let variants = made.get(list);
  if (!variants) made.set(list, (variants = new Map()));
  let found = variants.get(variant);
  if (found === undefined) variants.set(variant, (found = make()));
  return found;
}

const written = new WeakMap<object, Map<string, WrittenOptions>>();

/**
 * `optionsHtml` for a content-cache list, written once per list and `variant` instead of on every
 * render: escaping and joining the offer form's 1,300 towns and two lists of 250 countries was a
 * tenth of its render, with the garbage it left. `options` is only called the first time.
 */
export function listOptionsHtml(list: object, variant: string, options: () => readonly Option[], selected: string): string {
  return withSelected(
    perList(written, list, variant, () => writeOptions(options())),
    selected,
  );
}

/**
 * `listOptionsHtml`, or on the server the same options kept as bytes (server-html.server.tsx): React
 * encoded the offer form's 70 KB of options again on every render, 5% of it (ADR 026).
 */
export function useListOptionsHtml(): typeof listOptionsHtml {
  return useServerHtml()?.listOptions ?? listOptionsHtml;
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
