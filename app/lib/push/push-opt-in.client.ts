/*
 * A browser's web push opt-in (ADR 058), loaded only when the visitor presses the button: the
 * home page's script budget does not carry it. It registers the service worker (/sw.js), asks for
 * the permission, subscribes with the site's VAPID key and posts the subscription as a plain form.
 */
export type OptInOutcome = "subscribed" | "denied" | "failed";

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url
    .replace(/-/g, "+")
    .replace(/_/g, "/")
    .padEnd(Math.ceil(base64url.length / 4) * 4, "=");
  return Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
}

export async function subscribeToPush(language: string, sources: readonly number[]): Promise<OptInOutcome> {
  try {
    const keyAnswer = await fetch("/push/subscription", { headers: { accept: "application/json" } });
    if (!keyAnswer.ok) return "failed";
    const { publicKey } = (await keyAnswer.json()) as { publicKey: string };
    await navigator.serviceWorker.register("/sw.js", { scope: "/" });
    const registration = await navigator.serviceWorker.ready;
    if ((await Notification.requestPermission()) !== "granted") return "denied";
    const subscription = await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) });
    const { endpoint, keys } = subscription.toJSON();
    if (!endpoint || !keys?.p256dh || !keys.auth) return "failed";
    const form = new URLSearchParams({ intent: "subscribe", endpoint, p256dh: keys.p256dh, auth: keys.auth, language });
    for (const source of sources) form.append("source", String(source));
    const stored = await fetch("/push/subscription", { method: "POST", body: form });
    return stored.ok ? "subscribed" : "failed";
  } catch {
    return "failed";
  }
}

export type OptOutOutcome = "unsubscribed" | "failed";

/**
 * A visitor's opt-out on the site: the subscription is removed at the API first (the same form
 * route, its consent and origin checks), then in the browser, so a failure leaves both as they were
 * rather than a browser that believes it is off while the site still sends to it.
 */
export async function unsubscribeFromPush(): Promise<OptOutOutcome> {
  try {
    const registration = await navigator.serviceWorker.getRegistration("/");
    const subscription = await registration?.pushManager.getSubscription();
    if (!subscription) return "unsubscribed";
    const removed = await fetch("/push/subscription", {
      method: "POST",
      body: new URLSearchParams({ intent: "unsubscribe", endpoint: subscription.endpoint }),
    });
    if (!removed.ok) return "failed";
    await subscription.unsubscribe();
    return "unsubscribed";
  } catch {
    return "failed";
  }
}
