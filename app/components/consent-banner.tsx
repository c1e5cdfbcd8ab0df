import { Form, useLocation } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";

/** A one-button form to /consent: a plain POST that redirects back, so it works without JavaScript. */
export function ConsentForm({
  intent,
  redirectTo,
  className,
  children,
}: {
  intent: "accept" | "reject" | "reset";
  redirectTo: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <Form method="post" action="/consent" className="inline-form" preventScrollReset>
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <button type="submit" name="intent" value={intent} className={className}>
        {children}
      </button>
    </Form>
  );
}

export function ConsentBanner() {
  const { t } = useTranslation();
  const location = useLocation();
  const back = location.pathname + location.search;
  return (
    <section className="consent-banner" aria-labelledby="consent-title">
      <h2 id="consent-title">{t("consent.title")}</h2>
      <p>{t("consent.text")}</p>
      <div className="consent-actions">
        <ConsentForm intent="accept" redirectTo={back} className="button button-primary">
          {t("consent.acceptAll")}
        </ConsentForm>
        <ConsentForm intent="reject" redirectTo={back} className="button button-secondary">
          {t("consent.rejectAll")}
        </ConsentForm>
      </div>
      <details className="consent-choices">
        <summary>{t("consent.choose")}</summary>
        <Form method="post" action="/consent" preventScrollReset>
          <input type="hidden" name="redirectTo" value={back} />
          <fieldset>
            <legend className="visually-hidden">{t("consent.categories")}</legend>
            <label>
              <input type="checkbox" name="required" checked disabled aria-describedby="consent-required" />
              {t("consent.required")}
            </label>
            <p id="consent-required" className="hint">
              {t("consent.requiredHint")}
            </p>
            <label>
              <input type="checkbox" name="performance" aria-describedby="consent-performance" />
              {t("consent.performance")}
            </label>
            <p id="consent-performance" className="hint">
              {t("consent.performanceHint")}
            </p>
            <label>
              <input type="checkbox" name="functionality" aria-describedby="consent-functionality" />
              {t("consent.functionality")}
            </label>
            <p id="consent-functionality" className="hint">
              {t("consent.functionalityHint")}
            </p>
          </fieldset>
          <button type="submit" name="intent" value="save" className="button button-secondary">
            {t("consent.save")}
          </button>
        </Form>
      </details>
    </section>
  );
}
