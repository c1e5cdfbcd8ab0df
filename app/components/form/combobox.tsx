import { useEffect, useRef, useState, type MouseEvent } from "react";
import { useTranslation } from "react-i18next";
import { useCombobox, type ComboboxItem } from "~/components/form/use-combobox";
import { useOpensUpward } from "~/components/form/use-opens-upward";
import { useTakesFocusFromSelect } from "~/components/form/use-enhanced";

export type ComboboxOption = ComboboxItem & { flag?: string };

/* The panel is at most 240 px high (six rows: the open list fits a phone's screen above its keyboard)
   and renders 4 rows beyond what shows, so a quick scroll meets rows, not blank space. Rows have one
   height so a list of thousands of cities renders only the dozen rows in view. */
const ROW_HEIGHT = 40;
const PANEL_HEIGHT = 240;
const BUFFER = 4;
/** What the open panel takes: its rows, the 4 px gap and a line of message. */
const PANEL_ROOM = PANEL_HEIGHT + 4 + 40;

export const flagSrc = (code: string) => `/flags/${code.toLowerCase()}.svg`;

function Flag({ code, className }: { code: string; className: string }) {
  // The name beside it says which country it is, so the image itself is decoration.
  return <img className={className} src={flagSrc(code)} width={20} height={15} alt="" loading="lazy" decoding="async" />;
}

const keepFocus = (event: MouseEvent) => event.preventDefault();

/**
 * A searchable pick list (WAI-ARIA combobox with a listbox popup) that sends `name` like the
 * native select it replaces once the page is interactive. With `addName`, a text that is not in the
 * list can be added and is sent in that field instead.
 */
export function Combobox({
  id,
  name,
  label,
  options,
  defaultValue = "",
  addName,
  defaultAdded = "",
  required,
  invalid,
  describedBy,
  placeholder,
  loading = false,
  minSearchLength = 0,
  clearable = false,
  wide = false,
  scope,
  follow,
  onChange,
}: {
  id: string;
  name: string;
  label: string;
  options: readonly ComboboxOption[];
  defaultValue?: string;
  addName?: string;
  defaultAdded?: string;
  required?: boolean;
  invalid?: boolean;
  describedBy?: string;
  placeholder?: string;
  loading?: boolean;
  minSearchLength?: number;
  clearable?: boolean;
  /** The panel may be wider than the field (the narrow dial-code field lists long country names). */
  wide?: boolean;
  /** What the options belong to (the cities' country): a new scope clears the choice. */
  scope?: string;
  /** A choice made elsewhere that this field follows (use-combobox.ts). */
  follow?: string;
  onChange?: (value: string, added: string) => void;
}) {
  const { t } = useTranslation();
  const box = useCombobox({ items: options, defaultValue, defaultAdded, minSearchLength, canAdd: !!addName, loading, scope, follow, onChange });
  const input = useRef<HTMLInputElement>(null);
  const list = useRef<HTMLUListElement>(null);
  const hidden = useRef<HTMLInputElement>(null);
  const control = useRef<HTMLDivElement>(null);
  useTakesFocusFromSelect(id, input);
  const [scrollTop, setScrollTop] = useState(0);
  const listId = `${id}-listbox`;
  const rowId = (index: number) => `${id}-option-${index}`;

  // Keeps the active row in view as the arrows move it.
  const { activeIndex, open } = box;
  const upward = useOpensUpward(open, control, PANEL_ROOM);
  useEffect(() => {
    const el = list.current;
    if (!open) setScrollTop(0);
    if (!el || !open || activeIndex < 0) return;
    const top = activeIndex * ROW_HEIGHT;
    if (top < el.scrollTop) el.scrollTop = top;
    else if (top + ROW_HEIGHT > el.scrollTop + el.clientHeight) el.scrollTop = top + ROW_HEIGHT - el.clientHeight;
    // A hidden panel forgets its scroll position: render the rows for where it is now.
    setScrollTop(el.scrollTop);
  }, [activeIndex, open]);

  // A choice is a change and a visit, as a native select's would be: conform then validates the
  // form again and updates what depends on this field (the phone number on its dial code). Its own
  // useInputControl dispatches the same events.
  const sent = `${box.value}|${box.added}`;
  const lastSent = useRef(sent);
  useEffect(() => {
    if (sent === lastSent.current) return;
    lastSent.current = sent;
    hidden.current?.dispatchEvent(new Event("input", { bubbles: true }));
    hidden.current?.dispatchEvent(new FocusEvent("focusout", { bubbles: true }));
  }, [sent]);

  const first = Math.max(0, Math.floor(scrollTop / ROW_HEIGHT) - BUFFER);
  const last = Math.min(box.count, Math.ceil((scrollTop + PANEL_HEIGHT) / ROW_HEIGHT) + BUFFER);
  // A closed panel is hidden: its rows wait until it opens (three fields' rows at hydration added up).
  const shown = new Set<number>();
  if (open) for (let i = first; i < last; i++) shown.add(i);
  if (activeIndex >= 0) shown.add(activeIndex);

  const row = (index: number) => {
    const option = box.rows.matches[index];
    const isActive = index === activeIndex;
    const classes = ["combobox-option", isActive ? "is-active" : "", option && option.value === box.value && !box.added ? "is-current" : ""];
    return (
      // Options are reached from the input (aria-activedescendant), never focused themselves.
      // eslint-disable-next-line jsx-a11y/click-events-have-key-events
      <li
        key={option?.value ?? "add"}
        id={rowId(index)}
        role="option"
        tabIndex={-1}
        aria-selected={isActive}
        aria-setsize={box.count}
        aria-posinset={index + 1}
        className={classes.filter(Boolean).join(" ")}
        style={{ insetBlockStart: index * ROW_HEIGHT, blockSize: ROW_HEIGHT }}
        onClick={() => box.choose(index)}
        onMouseMove={() => box.setActive(index)}
      >
        {option ? (
          <>
            {option.flag ? <Flag code={option.flag} className="combobox-option-flag" /> : null}
            {option.dialCode ? (
              <span className="combobox-dial" dir="ltr">
                {option.dialCode}
              </span>
            ) : null}
            {/* Keeps the code and the name apart in the option's accessible name. */} <span className="combobox-option-label">{option.label}</span>
          </>
        ) : (
          <span className="combobox-option-label combobox-add">
            {/* Isolated: a Latin town name inside an Arabic sentence keeps its own direction. */}
            {t("combobox.addItem", { term: `\u2068${box.rows.addText}\u2069` })}
          </span>
        )}
      </li>
    );
  };

  const flag = box.added ? undefined : box.selected?.flag;
  // When the field shows a short text (a dial code), the chosen name is read as its description.
  const choiceName = box.selected?.text && !box.added ? box.selected.label : "";
  const choiceId = `${id}-choice`;
  const hasFlags = options.some((option) => option.flag);
  const message = box.message ? t(`combobox.${box.message}`) : "";

  return (
    <div className={`combobox${wide ? " combobox-wide" : ""}${hasFlags ? " combobox-flagged" : ""}${upward ? " combobox-upward" : ""}`}>
      <div className="combobox-control" ref={control}>
        {flag ? <Flag code={flag} className="combobox-flag" /> : null}
        <input
          ref={input}
          id={id}
          type="text"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={open}
          aria-controls={listId}
          aria-activedescendant={activeIndex >= 0 ? rowId(activeIndex) : undefined}
          aria-required={required || undefined}
          aria-invalid={invalid || undefined}
          aria-describedby={[choiceName ? choiceId : "", describedBy ?? ""].filter(Boolean).join(" ") || undefined}
          aria-busy={loading || undefined}
          autoComplete="off"
          spellCheck={false}
          maxLength={120}
          placeholder={loading ? t("combobox.loading") : placeholder}
          value={box.inputText}
          onChange={(event) => box.onInput(event.currentTarget.value)}
          onKeyDown={box.onKeyDown}
          onBlur={box.onBlur}
          onFocus={(event) => event.currentTarget.select()}
          onClick={() => (open ? undefined : box.openAt("first"))}
        />
        {clearable && (box.value || box.added) ? (
          <button
            type="button"
            className="combobox-clear"
            aria-label={t("combobox.clearAll")}
            title={t("combobox.clearAll")}
            onClick={() => {
              box.clear();
              input.current?.focus();
            }}
          >
            <span aria-hidden="true">×</span>
          </button>
        ) : null}
        {/* Decoration: a pointer can open the list here too; keyboards use the arrows in the input. */}
        <span
          className="combobox-chevron"
          aria-hidden="true"
          onMouseDown={(event) => {
            event.preventDefault();
            input.current?.focus();
            if (open) box.close();
            else box.openAt("first");
          }}
        />
      </div>
      {choiceName ? (
        <span id={choiceId} hidden>
          {choiceName}
        </span>
      ) : null}
      <input ref={hidden} type="hidden" name={name} value={box.value} />
      {addName ? <input type="hidden" name={addName} value={box.added} /> : null}
      {/* Pressing in the panel must not take focus from the input, or the list would close. */}
      {/* eslint-disable-next-line jsx-a11y/no-static-element-interactions */}
      <div className="combobox-panel" hidden={!open} onMouseDown={keepFocus}>
        {/* The listbox itself scrolls: a popup of a combobox is reached from the input, not by Tab. */}
        <ul
          ref={list}
          id={listId}
          role="listbox"
          aria-label={label}
          aria-busy={loading || undefined}
          style={{ blockSize: box.count * ROW_HEIGHT }}
          onScroll={(event) => setScrollTop(event.currentTarget.scrollTop)}
        >
          {[...shown].sort((a, b) => a - b).map(row)}
        </ul>
        {message ? (
          <p className="combobox-message" aria-hidden="true">
            {message}
          </p>
        ) : null}
      </div>
      <p role="status" className="visually-hidden">
        {open ? message : ""}
      </p>
    </div>
  );
}
