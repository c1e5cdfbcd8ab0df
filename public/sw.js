/*
 * The site's service worker (ADR 058): it only shows web push notifications and opens their page.
 * It caches nothing and answers no request, so the site works the same with it or without it.
 * The message is {title, body, url, lang, tag}: url is a path of this site, in the language the
 * browser subscribed in; the tag makes a repeated message replace the first on the screen.
 */
self.addEventListener("push", (event) => {
  let message = null;
  try {
    message = event.data ? event.data.json() : null;
  } catch {
    message = null;
  }
  if (!message || typeof message.title !== "string") return;
  const url = typeof message.url === "string" && message.url.startsWith("/") && !message.url.startsWith("//") ? message.url : "/";
  event.waitUntil(
    self.registration.showNotification(message.title, {
      body: typeof message.body === "string" ? message.body : "",
      lang: typeof message.lang === "string" ? message.lang : undefined,
      dir: message.lang === "ar" ? "rtl" : "auto",
      tag: typeof message.tag === "string" ? message.tag : undefined,
      data: { url },
    }),
  );
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const url = new URL(event.notification.data && event.notification.data.url ? event.notification.data.url : "/", self.location.origin).href;
  event.waitUntil(
    self.clients.matchAll({ type: "window", includeUncontrolled: true }).then((windows) => {
      for (const client of windows) {
        if (client.url === url && "focus" in client) return client.focus();
      }
      return self.clients.openWindow(url);
    }),
  );
});
