/**
 * Under `remix dev` only (nothing in a production build). A saved locale file rebuilds the app
 * (remix.config.js `watchPaths`), but no module changed, so the HMR message carries no updates and
 * `<LiveReload />` leaves the page as it is. This listens on the same socket and reloads the page
 * for such a rebuild, so the saved string shows.
 */
export const ReloadOnDataChange =
  process.env.NODE_ENV !== "development"
    ? () => null
    : function ReloadOnDataChange({ nonce }: { nonce?: string }) {
        const origin = JSON.stringify(process.env.REMIX_DEV_ORIGIN ?? "");
        const script = `(() => {
  const origin = ${origin} ? new URL(${origin}) : null;
  if (!origin) return;
  const url = new URL("/socket", origin);
  url.protocol = origin.protocol === "https:" ? "wss:" : "ws:";
  new WebSocket(url.href).onmessage = (message) => {
    const event = JSON.parse(message.data);
    if (event.type === "HMR" && !(event.updates && event.updates.length)) window.location.reload();
  };
})();`;
        return <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: script }} />;
      };
