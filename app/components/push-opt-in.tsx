import { useRouteLoaderData } from "@remix-run/react";
import { useEffect, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { DEFAULT_PUSH_SOURCE, PUSH_SOURCES } from "~/lib/push/sources";
import type { Lang } from "~/lib/site/route-table";
import type { RootData } from "~/root";

type State = "idle" | "working" | "subscribed" | "denied" | "failed" | "unsubscribed" | "offFailed";

/**
 * The footer's web push opt-in (ADR 058). Rendered by the browser alone: only with JavaScript, in a
 * browser that can take push messages, once the visitor allowed functional cookies. The server's
 * HTML never holds it, so every page stays a kept page; the code that subscribes loads on the click.
 * A browser that is subscribed gets a button to turn it off again (ADR 059), its code loaded alike.
 */
export function PushOptIn({ lang }: { lang: Lang }) {
  const { t } = useTranslation();
  const root = useRouteLoaderData<RootData>("root");
  const [supported, setSupported] = useState(false);
  const [state, setState] = useState<State>("idle");
  useEffect(() => {
    const can = "serviceWorker" in navigator && "PushManager" in window && "Notification" in window;
    setSupported(can);
    if (!can) return;
    // Already on in this browser: offer to turn it off. Asking registers nothing and loads nothing.
    navigator.serviceWorker
      .getRegistration("/")
      .then((registration) => registration?.pushManager.getSubscription())
      .then((subscription) => subscription && setState((now) => (now === "idle" ? "subscribed" : now)))
      .catch(() => undefined);
  }, []);
  if (!supported || !root || root.admin || !root.consent.functionality) return null;

  async function optIn(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const sources = new FormData(event.currentTarget).getAll("source").map(Number);
    if (sources.length === 0) return;
    setState("working");
    const { subscribeToPush } = await import("~/lib/push/push-opt-in.client");
    setState(await subscribeToPush(lang, sources));
  }

  async function optOut(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setState("working");
    const { unsubscribeFromPush } = await import("~/lib/push/push-opt-in.client");
    setState((await unsubscribeFromPush()) === "unsubscribed" ? "unsubscribed" : "offFailed");
  }

  return (
    <section className="push-opt-in" aria-labelledby="push-opt-in-heading">
      <h2 id="push-opt-in-heading">{t("push.heading")}</h2>
      {state === "subscribed" || state === "offFailed" ? (
        <form onSubmit={optOut}>
          <p>{t("push.subscribed")}</p>
          <button type="submit" className="button">
            {t("push.turnOff")}
          </button>
          <p role="status">{state === "offFailed" ? t("push.offFailed") : null}</p>
        </form>
      ) : (
        <form onSubmit={optIn}>
          <fieldset>
            <legend>{t("push.intro")}</legend>
            {PUSH_SOURCES.filter((source) => source.name !== "admin").map((source) => (
              <label key={source.id} className="checkbox-row">
                <input type="checkbox" name="source" value={source.id} defaultChecked={source.id === DEFAULT_PUSH_SOURCE} />
                {t(`push.sources.${source.name}`)}
              </label>
            ))}
          </fieldset>
          <input type="hidden" name="source" value={PUSH_SOURCES[0].id} />
          <button type="submit" className="button" disabled={state === "working"}>
            {t("push.button")}
          </button>
          <p role="status">{state === "denied" ? t("push.denied") : state === "failed" ? t("push.failed") : state === "unsubscribed" ? t("push.off") : null}</p>
        </form>
      )}
    </section>
  );
}
