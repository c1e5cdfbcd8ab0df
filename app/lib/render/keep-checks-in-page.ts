/**
 * The name of the buttons conform adds for its own submits (a field's check, a list's change):
 * `INTENT` of @conform-to/dom, which @conform-to/react does not re-export (docs/internals.md, entry 6).
 * ProtectedForm names it too: this module runs from the entry, and sharing one constant with the
 * form kit would make a script file of its own for every page.
 */
const INTENT = "__intent__";

/** Marks the one repeat of a check, so that a repeat nobody handles is dropped instead of repeated again. */
const REPEAT = "data-check-repeat";

/*
 * conform checks a field by submitting its form through a hidden button named `__intent__`, and
 * stops that submit in the form's React onSubmit; a Remix <Form> stops every submit it handles. But
 * React dispatches no event while it commits, and a focused field removed in a commit (the dial
 * code's select giving way to its combobox just after hydration) loses focus right there: conform's
 * check on leaving it then submits a form React never sees, and the browser posted it as a page, a
 * check sent to the server as if it were the lead, which answered an error page and lost everything
 * typed (seen on a slow phone that tabbed into the dial code as the page became interactive).
 *
 * So a check that reaches the window with nobody having stopped it is stopped here, and submitted
 * again once the commit is over, for React and conform to handle. A repeat nobody handles is dropped:
 * the server checks every field of the real send anyway. With no JavaScript conform adds no such button.
 */
function keepCheck(event: SubmitEvent) {
  const submitter = event.submitter;
  if (event.defaultPrevented || submitter?.getAttribute("name") !== INTENT) return;
  event.preventDefault();
  const form = event.target;
  if (!(form instanceof HTMLFormElement) || submitter.hasAttribute(REPEAT)) return;
  const value = submitter.getAttribute("value") ?? "";
  setTimeout(() => {
    if (!form.isConnected) return;
    // A button like conform's own: outside the form, tied to it by id, removed once it has submitted.
    const again = document.createElement("button");
    again.name = INTENT;
    again.value = value;
    again.hidden = true;
    again.formNoValidate = true;
    again.setAttribute(REPEAT, "");
    if (form.id) again.setAttribute("form", form.id);
    (form.id ? document.body : form).appendChild(again);
    try {
      form.requestSubmit(again);
    } finally {
      again.remove();
    }
  }, 0);
}

/** Listens after React and Remix (which listen on the document), for the whole life of the page. */
export function keepChecksInPage() {
  window.addEventListener("submit", keepCheck);
}
