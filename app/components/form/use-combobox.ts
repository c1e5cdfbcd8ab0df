import { useCallback, useEffect, useMemo, useRef, useState, type KeyboardEvent } from "react";
import { exactMatch, fold, search, type Searchable } from "~/lib/forms/text-search";

/** The list filters once typing pauses this long: a word typed at speed searches once, not per letter. */
export const DEBOUNCE_MS = 200;
const PAGE = 5;

export type ComboboxItem = Searchable & { value: string };
export type ComboboxMessage = "loading" | "typeToSearch" | "noItems";

type Rows<T> = { matches: T[]; addText: string; tooShort: boolean };

/** What the panel lists for a search term: the matches, and the typed text as an extra row when it may be added. */
function rowsFor<T extends ComboboxItem>(items: readonly T[], term: string, minSearchLength: number, canAdd: boolean): Rows<T> {
  const tooShort = fold(term).length < minSearchLength;
  if (tooShort) return { matches: [], addText: "", tooShort };
  const matches = search(items, term);
  const addText = canAdd && fold(term) && !exactMatch(items, term) ? term.trim() : "";
  return { matches, addText, tooShort };
}

/**
 * The state of an editable combobox with a list popup (WAI-ARIA APG): the input keeps focus, the
 * active row is pointed at with aria-activedescendant, typing filters after a debounce. The value
 * is either one of the items or, when `canAdd`, a text the visitor added.
 */
export function useCombobox<T extends ComboboxItem>({
  items,
  defaultValue,
  defaultAdded,
  minSearchLength,
  canAdd,
  loading,
  scope,
  follow,
  onChange,
}: {
  items: readonly T[];
  defaultValue: string;
  defaultAdded: string;
  minSearchLength: number;
  canAdd: boolean;
  loading: boolean;
  /** What the items belong to (the cities' country): when it changes, the choice no longer applies. */
  scope?: string;
  /** A choice made elsewhere (the dial code of the residence picked): when it changes, it is the choice. */
  follow?: string;
  onChange?: (value: string, added: string) => void;
}) {
  const [value, setValue] = useState(defaultValue);
  const [added, setAdded] = useState(defaultAdded);
  // null: not editing, the input shows the chosen item; a string: what the visitor typed.
  const [text, setText] = useState<string | null>(null);
  const [term, setTerm] = useState("");
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const timer = useRef<ReturnType<typeof setTimeout>>();
  const [seenScope, setSeenScope] = useState(scope);
  if (scope !== seenScope) {
    // Adjusted while rendering (not in an effect), so the old choice never shows with the new list.
    setSeenScope(scope);
    setValue("");
    setAdded("");
    setActive(-1);
  }
  const [seenFollow, setSeenFollow] = useState(follow);
  if (follow !== seenFollow) {
    setSeenFollow(follow);
    if (follow !== undefined && items.some((item) => item.value === follow)) {
      setValue(follow);
      setAdded("");
    }
  }

  const selected = items.find((item) => item.value === value) ?? null;
  const shown = added || selected?.text || selected?.label || "";
  const rows = useMemo(() => rowsFor(items, term, minSearchLength, canAdd), [items, term, minSearchLength, canAdd]);
  const count = loading ? 0 : rows.matches.length + (rows.addText ? 1 : 0);
  const activeIndex = open && active < count ? active : -1;
  const message: ComboboxMessage | null = loading ? "loading" : rows.tooShort ? "typeToSearch" : count === 0 ? "noItems" : null;

  useEffect(() => () => clearTimeout(timer.current), []);

  const reset = useCallback(() => {
    clearTimeout(timer.current);
    setText(null);
    setTerm("");
    setOpen(false);
    setActive(-1);
  }, []);

  const commit = (nextValue: string, nextAdded: string) => {
    reset();
    setValue(nextValue);
    setAdded(nextAdded);
    if (nextValue !== value || nextAdded !== added) onChange?.(nextValue, nextAdded);
  };

  const choose = (index: number, from: Rows<T> = rows) => {
    const item = from.matches[index];
    if (item) commit(item.value, "");
    else if (index === from.matches.length && from.addText) commit("", from.addText);
  };

  const openAt = (where: "first" | "last") => {
    // Opening without a search lists everything, with the current choice active.
    const all = rowsFor(items, "", minSearchLength, false).matches;
    const current = selected ? all.indexOf(selected) : -1;
    setTerm("");
    setOpen(true);
    setActive(current >= 0 ? current : where === "first" ? 0 : all.length - 1);
  };

  const onInput = (value: string) => {
    // Typing after a chosen name starts a new search rather than extending the name.
    const next = text === null && shown && value.length > shown.length && value.startsWith(shown) ? value.slice(shown.length) : value;
    setText(next);
    setOpen(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      setTerm(next);
      setActive(0);
    }, DEBOUNCE_MS);
  };

  const move = (to: number) => setActive(Math.max(0, Math.min(count - 1, to)));

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const key = event.key;
    if (key === "ArrowDown" || key === "ArrowUp") {
      event.preventDefault();
      if (!open) openAt(key === "ArrowDown" ? "first" : "last");
      else if (!event.altKey) move(activeIndex + (key === "ArrowDown" ? 1 : -1));
    } else if (open && (key === "Home" || key === "End" || key === "PageUp" || key === "PageDown")) {
      event.preventDefault();
      const target = { Home: 0, End: count - 1, PageUp: activeIndex - PAGE, PageDown: activeIndex + PAGE }[key];
      move(target);
    } else if (key === "Enter" && open) {
      event.preventDefault();
      if (text !== null && text !== term) {
        // Enter before the debounce ran: pick from what is typed now, not from the stale list.
        const now = rowsFor(items, text, minSearchLength, canAdd);
        if (!loading) choose(0, now);
      } else if (activeIndex >= 0) choose(activeIndex);
    } else if (key === "Escape") {
      if (open || text !== null) {
        event.preventDefault();
        reset();
      }
    }
  };

  /** Leaving the field keeps a choice typed out in full; anything else falls back to the current value. */
  const onBlur = () => {
    const exact = text === null || loading ? undefined : exactMatch(items, text);
    // Dial codes repeat (+1, +44): the text of the current choice keeps that choice.
    const keeps = selected && text !== null && fold(selected.text ?? selected.label) === fold(text);
    if (exact && !keeps) commit(exact.value, "");
    else reset();
  };

  return {
    value,
    added,
    selected,
    inputText: text ?? shown,
    open,
    rows,
    count: count,
    activeIndex,
    message,
    setActive,
    choose,
    openAt,
    close: reset,
    clear: () => commit("", ""),
    onInput,
    onKeyDown,
    onBlur,
  };
}
