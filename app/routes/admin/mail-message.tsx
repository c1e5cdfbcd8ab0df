import { titleMeta } from "~/lib/admin/title-meta";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AdminError } from "~/components/admin/admin-error";
import { isLang, textDirection } from "~/lib/site/route-table";
import { adminTitle, data, i18next, mailHtmlOf, mailView, requirePage } from "./mail-message.server";

export const handle = { i18n: ["admin"] };
export const meta = titleMeta;

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  requirePage(request, context, "mail-message");
  const row = await context.mailbox.mailOne(params.id ?? "");
  // Gone past its retention, erased with its lead, or never there.
  if (!row) throw data(null, { status: 404 });
  const lang = await i18next.getLocale(request);
  const mail = mailView(row, lang);
  return { mail, html: mailHtmlOf(row), title: await adminTitle(request, "mail.detailTitle", { to: mail.to }) };
}

export default function MailMessage() {
  const { mail, html } = useLoaderData<typeof loader>();
  const { t } = useTranslation("admin");
  const headers: [string, string][] = [
    [t("mail.from"), mail.from],
    [t("mail.to"), mail.to],
    ...(mail.replyTo ? ([[t("mail.replyTo"), mail.replyTo]] as [string, string][]) : []),
    [t("mail.subject"), mail.subject],
    [t("mail.messageId"), mail.messageId],
    ...Object.entries(mail.headers),
  ];
  return (
    <section className="admin-page">
      <p>
        <Link to="/admin/mail">{t("mail.back")}</Link>
      </p>
      <h1>{t("mail.detailTitle", { to: mail.to })}</h1>
      <div className="admin-panel">
        <dl className="admin-stats">
          <div>
            <dt>{t("mail.status")}</dt>
            <dd data-testid="mail-status">{t(`mail.statuses.${mail.status}`)}</dd>
          </div>
          <div>
            <dt>{t("mail.attempts")}</dt>
            <dd>{mail.attempts}</dd>
          </div>
          <div>
            <dt>{t("mail.created")}</dt>
            <dd>{mail.created}</dd>
          </div>
          {mail.finished ? (
            <div>
              <dt>{t("mail.finished")}</dt>
              <dd>{mail.finished}</dd>
            </div>
          ) : null}
          <div>
            <dt>{t("mail.language")}</dt>
            <dd>{t(`siteLanguages.${mail.lang}`)}</dd>
          </div>
        </dl>
        {mail.error ? (
          <p>
            {t("mail.error")}: <span lang="en">{mail.error}</span>
          </p>
        ) : null}
      </div>
      <div className="admin-panel">
        <h2>{t("mail.headers")}</h2>
        <dl className="admin-fields">
          {headers.map(([name, value]) => (
            <div key={name}>
              <dt>{name}</dt>
              <dd dir="auto">{value}</dd>
            </div>
          ))}
        </dl>
      </div>
      <div className="admin-panel">
        <h2>{t("mail.body")}</h2>
        <pre className="admin-mail-body" lang={mail.lang} dir={isLang(mail.lang) ? textDirection(mail.lang) : "auto"} data-testid="mail-body">
          {mail.text}
        </pre>
        {html === null ? null : (
          // Its source as text: nothing in it runs or loads (no script, no image, no pixel counted) in the reader's browser.
          <details>
            <summary>{t("mail.htmlPart")}</summary>
            <p>{t("mail.htmlPartHint")}</p>
            <pre className="admin-mail-body" lang="en" dir="ltr" data-testid="mail-html">
              {html}
            </pre>
          </details>
        )}
      </div>
    </section>
  );
}

export const ErrorBoundary = AdminError;
