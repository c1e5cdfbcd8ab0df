import { RemixBrowser } from "@remix-run/react";
import i18next from "i18next";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { getInitialNamespaces } from "remix-i18next/client";
import i18n from "~/lib/render/i18n";
import { holdTapsUntilDecoded } from "~/lib/render/hold-taps-until-decoded";
import { keepChecksInPage } from "~/lib/render/keep-checks-in-page";
import { translationsBackend } from "~/lib/render/translations-backend";

// Kept as the project's own entry: Remix's default one makes the classic compiler bundle react-dom twice.
async function hydrate() {
  const lng = document.documentElement.lang;
  await i18next
    .use(initReactI18next)
    .use(translationsBackend(window.__remixManifest.version))
    .init({
      ...i18n,
      lng,
      ns: getInitialNamespaces(),
      // Two more tries of a failed translation load: one dropped request should not cost the page its JavaScript.
      maxRetries: 2,
      retryTimeout: 300,
    });

  // Without the translations hydration would replace the server's text with keys; the
  // server-rendered page keeps working as plain HTML instead.
  if (!i18next.hasResourceBundle(lng, "common")) {
    console.warn("Unable to load translation and all the fallback languages");
    return;
  }

  holdTapsUntilDecoded();
  keepChecksInPage();
  startTransition(() => {
    hydrateRoot(
      document,
      <I18nextProvider i18n={i18next}>
        <StrictMode>
          <RemixBrowser />
        </StrictMode>
      </I18nextProvider>,
    );
  });
}

// Script errors are listened for by the root module, which runs before this hydrates (root.tsx).
hydrate();
