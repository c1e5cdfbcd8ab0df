import { useState, useSyncExternalStore } from "react";

/*
 * Whether a mouse button or a tap is down: from mousedown (before the focus moves, so before the field
 * left behind is checked) until the task after mouseup, by when the click has been dispatched. A
 * tap's mouse events come together after the touch ends, so a tap counts too. Keyboard use ends it:
 * no click is on its way then.
 */
let pressed = false;
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((listener) => listener());
const press = () => {
  pressed = true;
};
const release = () =>
  setTimeout(() => {
    if (!pressed) return;
    pressed = false;
    notify();
  });
const RELEASES = ["mouseup", "dragend", "keydown"] as const;

function subscribe(listener: () => void) {
  if (listeners.size === 0) {
    window.addEventListener("mousedown", press, true);
    for (const type of RELEASES) window.addEventListener(type, release, true);
    window.addEventListener("blur", release);
  }
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size > 0) return;
    window.removeEventListener("mousedown", press, true);
    for (const type of RELEASES) window.removeEventListener(type, release, true);
    window.removeEventListener("blur", release);
  };
}

const same = (a: string[] | undefined, b: string[] | undefined) => (a ?? []).join("\n") === (b ?? []).join("\n");

/**
 * A field's errors as they may be shown now: while a click or a tap is under way, the ones shown
 * before it. A field is checked as the visitor leaves it, which a click on the next control does
 * at its start (mousedown moves the focus): an error appearing (or going) then moved the control
 * under the pointer before the button came up, and the click missed it (#38). So the change waits
 * until the click has landed, then shows. ADR 035.
 */
export function useSteadyErrors(errors: string[] | undefined): string[] | undefined {
  const held = useSyncExternalStore(
    subscribe,
    () => pressed,
    () => false,
  );
  const [shown, setShown] = useState(errors);
  // React's pattern for state that follows a prop: kept up to date whenever nothing is pressed.
  if (!held && !same(shown, errors)) setShown(errors);
  return held ? shown : errors;
}
