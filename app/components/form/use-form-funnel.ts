import { useRouteLoaderData } from "@remix-run/react";
import { useEffect, useRef, type FormEvent } from "react";

/**
 * The page-view beacon's path (app/lib/analytics/paths.ts, which use-form-funnel.test.ts holds it to).
 * Written here, not imported: the root imports paths.ts too, and a module shared by the root and the
 * form kit becomes a script file of its own on every form page (ADR 024).
 */
export const FORM_EVENT_PATH = "/analytics/event";

type Beacon = { type: "started" | "abandoned" | "error" | "submitted"; field?: string; code?: string };

/** A field of the form's own, by its schema's name: the honeypot, the token and conform's buttons are not. */
const FIELD = /^[A-Za-z][A-Za-z0-9]{0,39}$/;

/**
 * What only the browser sees of a lead form (ADR 054), sent on the page-view beacon's path, and only
 * when the visitor allowed analytics (the root's `viewPath` says so, as it does for page views):
 * `started` at the first input, `abandoned` with the last field touched when the visitor leaves
 * without sending, each check it showed once (field and code, never a value), and `submitted` when
 * its checks stopped a send (the server counts the sends that reach it).
 */
export function useFormFunnel(errors: Record<string, string[] | undefined> | undefined, posted: Record<string, string[] | null | undefined> | undefined) {
  const on = Boolean((useRouteLoaderData("root") as { viewPath?: string | null } | undefined)?.viewPath);
  const state = useRef({ started: false, sent: false, last: "", shown: new Set<string>() });
  const send = (form: Beacon, url = location.pathname) => on && navigator.sendBeacon(FORM_EVENT_PATH, JSON.stringify({ url, form }));

  useEffect(() => {
    if (!on) return;
    // The form's page: by the time a link to another page unmounts the form, the address is that page's.
    const url = location.pathname;
    const leave = () => {
      const now = state.current;
      if (now.started && !now.sent && now.last) send({ type: "abandoned", field: now.last }, url);
      now.started = false;
    };
    window.addEventListener("pagehide", leave);
    // Leaving for another page of the site unmounts the form.
    return () => {
      window.removeEventListener("pagehide", leave);
      leave();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [on]);

  // The server answered with errors: the visitor is back in the form, and may still leave it.
  useEffect(() => void (posted && (state.current.sent = false)), [posted]);

  useEffect(() => {
    for (const [field, messages] of Object.entries(errors ?? {})) {
      const code = messages?.[0];
      const key = `${field} ${code}`;
      // The server's own errors it counted itself.
      if (!code || !FIELD.test(field) || posted?.[field]?.includes(code) || state.current.shown.has(key)) continue;
      state.current.shown.add(key);
      send({ type: "error", field, code });
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [errors]);

  return {
    onInput(event: FormEvent<HTMLFormElement>) {
      const name = (event.target as HTMLInputElement).name;
      if (!FIELD.test(name ?? "")) return;
      state.current.last = name;
      // Not before consent: a visitor who allows analytics while on the form starts at their next input.
      if (state.current.started || !on) return;
      send({ type: "started" });
      state.current.started = true;
    },
    /** A send: stopped by the browser's checks, or on its way to the server. */
    sent(stopped: boolean) {
      if (stopped) send({ type: "submitted" });
      else state.current.sent = true;
    },
    /** Sent and thanked: a new form behind the thanks starts afresh. */
    again() {
      state.current = { started: false, sent: false, last: "", shown: new Set() };
    },
  };
}
