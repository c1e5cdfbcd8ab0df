import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ContentSections, NewsletterSignup, PageHeader, pageMeta } from "~/components/page-kit";
import type { NewsletterAnswer } from "~/lib/newsletter/newsletter-action.server";
import { nativeLanguageName, ownPaths, type Lang } from "~/lib/site/route-table";
import { buildPageMeta, data, getPageText, getT, newsletterAction, pageRoute } from "./newsletter.server";

export const meta = pageMeta;

/** A page reached from a link in a mail names its visitor: never stored on the way. */
export const headers: HeadersFunction = ({ loaderHeaders, actionHeaders }) => {
  const policy = actionHeaders.get("Cache-Control") ?? loaderHeaders.get("Cache-Control");
  return new Headers(policy ? { "Cache-Control": policy } : undefined);
};

/**
 * The sign-up form; with `?confirm=` (the confirmation mail's link) only a button that confirms by
 * POST, so a mail scanner that opens the link confirms nothing; with `?t=` (a sealed link, ADR 056)
 * the address's lists and their unsubscribe buttons.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { page, lang } = pageRoute("newsletter", request);
  const [t, text] = await Promise.all([getT(lang), getPageText(page.name, lang)]);
  const title = t(page.pageTitle);
  const meta = await buildPageMeta(context.config.siteUrl, lang, { title, description: text.metaDescription, paths: ownPaths(page) });
  const base = { meta, title, lang, text };
  const url = new URL(request.url);
  const confirm = url.searchParams.get("confirm");
  const link = url.searchParams.get("t");
  const noStore = { headers: { "Cache-Control": "private, no-store" } };
  if (confirm) return data({ ...base, view: { kind: "confirm" as const, token: confirm } }, noStore);
  if (link) {
    const preferences = await context.newsletter.preferences(link);
    if (!preferences) return data({ ...base, view: { kind: "badLink" as const } }, { status: 400, ...noStore });
    return data({ ...base, view: { kind: "preferences" as const, token: link, lists: preferences.lists } }, noStore);
  }
  return data({ ...base, view: { kind: "form" as const } });
}

export async function action({ request, context }: ActionFunctionArgs) {
  return newsletterAction(request, context, pageRoute("newsletter", request).lang);
}

export default function NewsletterPage() {
  const { title, lang, text, view } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>() as NewsletterAnswer | undefined;
  return (
    <>
      <PageHeader title={title} lead={text.lead} align="center" />
      <div className="container newsletter-page">
        {answer ? <Answer answer={answer} lang={lang} /> : <View view={view} lang={lang} />}
        <article className="prose">
          <ContentSections sections={text.sections} />
        </article>
      </div>
    </>
  );
}

type View = ReturnType<typeof useLoaderData<typeof loader>>["view"];

function View({ view, lang }: { view: View; lang: Lang }) {
  const { t } = useTranslation();
  if (view.kind === "confirm") {
    return (
      <form className="newsletter-answer" method="post">
        <h2>{t("newsletter.confirm.title")}</h2>
        <p>{t("newsletter.confirm.text")}</p>
        <input type="hidden" name="intent" value="confirm" />
        <input type="hidden" name="confirm" value={view.token} />
        <button type="submit" className="button button-cta">
          {t("newsletter.confirm.button")}
        </button>
      </form>
    );
  }
  if (view.kind === "preferences") {
    const active = view.lists.filter((l) => l.status === "pending" || l.status === "confirmed");
    return (
      <section className="newsletter-answer" aria-labelledby="newsletter-preferences">
        <h2 id="newsletter-preferences">{t("newsletter.preferences.title")}</h2>
        {active.length === 0 ? (
          <p>{t("newsletter.preferences.none")}</p>
        ) : (
          <form method="post">
            <p>{t("newsletter.preferences.lead")}</p>
            <ul className="newsletter-lists">
              {active.map((l) => (
                <li key={l.list} data-list={l.list}>
                  <span lang={l.list}>{nativeLanguageName(l.list)}</span>: {t(`newsletter.preferences.status.${l.status}`)}
                </li>
              ))}
            </ul>
            <input type="hidden" name="intent" value="unsubscribe" />
            <input type="hidden" name="t" value={view.token} />
            <div className="newsletter-actions">
              {active.map((l) => (
                <button key={l.list} type="submit" name="list" value={l.list} className="button button-secondary">
                  {t("newsletter.preferences.unsubscribeList", { language: nativeLanguageName(l.list) })}
                </button>
              ))}
              {active.length > 1 ? (
                <button type="submit" name="list" value="all" className="button button-secondary">
                  {t("newsletter.preferences.unsubscribeAll")}
                </button>
              ) : null}
            </div>
          </form>
        )}
      </section>
    );
  }
  if (view.kind === "badLink") return <Answer answer={{ state: "badLink" }} lang={lang} />;
  return <SignUp lang={lang} />;
}

function SignUp({ lang, email, errors }: { lang: Lang; email?: string; errors?: { email?: string; consent?: string } }) {
  const { t } = useTranslation();
  return (
    // Not a second landmark of the same name as the footer's sign-up: a block of the page.
    <div className="newsletter-answer">
      <h2 id="newsletter-heading">{t("newsletter.heading")}</h2>
      <NewsletterSignup lang={lang} id="newsletter" email={email} errors={errors} />
    </div>
  );
}

function Answer({ answer, lang }: { answer: NewsletterAnswer; lang: Lang }) {
  const { t } = useTranslation();
  switch (answer.state) {
    case "invalid":
      return <SignUp lang={lang} email={answer.email} errors={answer.errors} />;
    case "refused":
      return (
        <>
          <p className="form-alert" role="alert">
            {t(`newsletter.errors.${answer.reason}`)}
          </p>
          <SignUp lang={lang} />
        </>
      );
    case "badLink":
      return (
        <>
          <section className="newsletter-answer" role="status">
            <h2>{t("newsletter.badLink.title")}</h2>
            <p>{t("newsletter.badLink.text")}</p>
          </section>
          <SignUp lang={lang} />
        </>
      );
    case "confirmed":
      return (
        <section className="newsletter-answer" role="status">
          <h2>{t("newsletter.confirmed.title")}</h2>
          <p>{t("newsletter.confirmed.text")}</p>
          <p>
            <Link to={answer.manage} reloadDocument>
              {t("newsletter.confirmed.manage")}
            </Link>
          </p>
        </section>
      );
    default:
      return (
        <section className="newsletter-answer" role="status">
          <h2>{t(`newsletter.${answer.state}.title`)}</h2>
          <p>{t(`newsletter.${answer.state}.text`)}</p>
        </section>
      );
  }
}
