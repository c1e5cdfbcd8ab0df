/*
 * React 18 and Remix's single fetch leave a gap at the start of hydration. `hydrateRoot` only
 * schedules the first render. On that render, RemixBrowser suspends while it decodes the page's
 * loader data, and no Suspense boundary sits above it. A tap or a key in between makes React hydrate
 * synchronously; the render suspends, and React throws "Root did not complete" (#345). The page
 * then never hydrates: menus, comboboxes and form checks stay dead (remix-run/remix#10214). A slow
 * phone, or a test that clicks as soon as the page has loaded, hits the gap.
 *
 * So React does not see those events until the loader data is decoded. They still reach the page:
 * a link still opens and a form still posts as plain HTML, and typing still fills a field, as
 * before the scripts ran. React has nothing of its own to run for them yet.
 */

/** The events React hydrates synchronously for (react-dom's isDiscreteEventThatRequiresHydration). */
const SYNC_HYDRATING_EVENTS = [
  "mousedown",
  "mouseup",
  "touchcancel",
  "touchend",
  "touchstart",
  "auxclick",
  "dblclick",
  "pointercancel",
  "pointerdown",
  "pointerup",
  "dragend",
  "dragstart",
  "drop",
  "compositionend",
  "compositionstart",
  "keydown",
  "keypress",
  "keyup",
  "input",
  "textInput",
  "copy",
  "cut",
  "paste",
  "click",
  "change",
  "contextmenu",
  "reset",
  "submit",
];

/** Past this the events go through anyway: a decode that never ends must not keep them from the page for good. */
const MAX_HOLD_MS = 5_000;

/** Holds React's synchronous-hydration events from now until Remix has decoded the loader data. */
export function holdTapsUntilDecoded() {
  const release = () => {
    clearTimeout(limit);
    for (const type of SYNC_HYDRATING_EVENTS) window.removeEventListener(type, hold, true);
  };
  // Window capture runs before React's listeners on the document. RemixBrowser sets `state` once
  // the loader data is decoded; after that it never suspends, so the first event after it lets go.
  const hold = (event: Event) => {
    if (window.__remixContext.state === undefined) event.stopPropagation();
    else release();
  };
  for (const type of SYNC_HYDRATING_EVENTS) window.addEventListener(type, hold, true);
  const limit = setTimeout(release, MAX_HOLD_MS);
}
