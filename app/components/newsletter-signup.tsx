import { useTranslation } from "react-i18next";
import { NEWSLETTER_TRAP } from "~/lib/newsletter/fields";
import { pathFor, type Lang } from "~/lib/site/route-table";

/**
 * The newsletter sign-up (ADR 056): a plain form posted to the newsletter page, so it works without
 * JavaScript. It carries nothing of its visitor (no token, no stamp): it sits in the footer of every
 * page, and those pages are kept whole for everyone (ADRs 009, 014, 021). The double opt-in, the
 * honeypot and the post rate limit protect it instead.
 */
export function NewsletterSignup({
  lang,
  id,
  email = "",
  errors = {},
}: {
  lang: Lang;
  id: string;
  email?: string;
  errors?: { email?: string; consent?: string };
}) {
  const { t } = useTranslation();
  const error = (field: "email" | "consent") => (errors[field] ? `${id}-${field}-error` : undefined);
  return (
    <form className="newsletter-form" method="post" action={pathFor("newsletter", lang)!}>
      <input type="hidden" name="intent" value="subscribe" />
      <div className="newsletter-email">
        <label htmlFor={`${id}-email`}>{t("newsletter.email")}</label>
        <input
          id={`${id}-email`}
          name="email"
          type="email"
          required
          maxLength={200}
          autoComplete="email"
          dir="ltr"
          defaultValue={email}
          aria-invalid={errors.email ? true : undefined}
          aria-describedby={error("email")}
        />
        <button type="submit" className="button button-cta">
          {t("newsletter.subscribe")}
        </button>
      </div>
      {errors.email ? (
        <p id={error("email")} className="field-error">
          {errors.email}
        </p>
      ) : null}
      <div style={{ display: "none" }} aria-hidden="true">
        <label htmlFor={`${id}-trap`}>{t("forms.honeypot")}</label>
        <input id={`${id}-trap`} name={NEWSLETTER_TRAP} type="text" defaultValue="" autoComplete="off" tabIndex={-1} />
      </div>
      <div className="newsletter-consent">
        <input
          id={`${id}-consent`}
          name="consent"
          type="checkbox"
          required
          aria-invalid={errors.consent ? true : undefined}
          aria-describedby={error("consent")}
        />
        <label htmlFor={`${id}-consent`}>{t("newsletter.consent")}</label>
      </div>
      {errors.consent ? (
        <p id={error("consent")} className="field-error">
          {errors.consent}
        </p>
      ) : null}
    </form>
  );
}

/** The footer's block: a heading, a line on what the newsletter is, and the form. */
export function FooterNewsletter({ lang }: { lang: Lang }) {
  const { t } = useTranslation();
  return (
    <section className="footer-newsletter" aria-labelledby="footer-newsletter-heading">
      <h2 id="footer-newsletter-heading">{t("newsletter.heading")}</h2>
      <p>{t("newsletter.lead")}</p>
      <NewsletterSignup lang={lang} id="footer-newsletter" />
    </section>
  );
}

/** The sign-up under a published bulletin and its archive (ADR 060): a heading that invites to the next issue, and the form. */
export function NextIssueSignup({ lang, id }: { lang: Lang; id: string }) {
  const { t } = useTranslation();
  return (
    <section className="newsletter-page" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{t("bulletinArchive.signUp")}</h2>
      <NewsletterSignup lang={lang} id={id} />
    </section>
  );
}
