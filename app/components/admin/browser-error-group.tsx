import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AuthenticityTokenInput } from "~/components/form/form-kit";
import type { BrowserErrorGroup } from "~/lib/platform/api/browser-errors-contract";

type Group = BrowserErrorGroup & { seen: { first: string; last: string }; resolvedWhen: string | null };

/** A tally (browsers, pages, releases) as one line: "Chrome 131 (12), Firefox 133 (3)". */
function Tally({ label, items, name }: { label: string; items: { key: string; count: number }[]; name?: (key: string) => string }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd dir="auto">{items.map((item) => `${name ? name(item.key) : item.key} (${item.count})`).join(", ")}</dd>
    </div>
  );
}

/**
 * One group of browser errors (ADR 051): what broke and where, how often in the period, since when,
 * in which browsers, pages and releases; the newest sample's stack, resolved through the build's
 * source maps where it could be; and "resolved" (it opens again when a newer release reports it).
 */
export function BrowserErrorGroupPanel({ group, back }: { group: Group; back: string }) {
  const { t, i18n } = useTranslation("admin");
  const number = new Intl.NumberFormat(i18n.language);
  const headingId = `error-${group.fingerprint}`;
  return (
    <article className="admin-panel" aria-labelledby={headingId} data-fingerprint={group.fingerprint}>
      <h3 id={headingId} dir="ltr">
        <code>{group.type}</code>: {group.message || t("browserErrors.noMessage")}
      </h3>
      <p>
        <strong>{group.resolved ? t("browserErrors.resolved", { when: group.resolvedWhen, release: group.resolved.release }) : t("browserErrors.open")}</strong>
        {group.resolved?.by ? ` (${group.resolved.by})` : null}
      </p>
      <dl className="admin-stats">
        <div>
          <dt>{t("browserErrors.inPeriod")}</dt>
          <dd data-figure="count">{number.format(group.count)}</dd>
        </div>
        <div>
          <dt>{t("browserErrors.total")}</dt>
          <dd>{number.format(group.total)}</dd>
        </div>
        <div>
          <dt>{t("browserErrors.firstSeen")}</dt>
          <dd>
            <time dateTime={group.firstSeen}>{group.seen.first}</time>
          </dd>
        </div>
        <div>
          <dt>{t("browserErrors.lastSeen")}</dt>
          <dd>
            <time dateTime={group.lastSeen}>{group.seen.last}</time>
          </dd>
        </div>
      </dl>
      <dl className="admin-fields admin-error-facts">
        <div>
          <dt>{t("browserErrors.where")}</dt>
          <dd dir="ltr">
            <code>{group.topFrame || t("browserErrors.unknownPlace")}</code>
          </dd>
        </div>
        <Tally label={t("browserErrors.browsers")} items={group.browsers} />
        <Tally label={t("browserErrors.pages")} items={group.pages} name={(key) => key || t("browserErrors.otherPage")} />
        <Tally label={t("browserErrors.releases")} items={group.releases} />
      </dl>
      {group.sample ? (
        <details>
          <summary>{t("browserErrors.stack")}</summary>
          <ol className="admin-stack" dir="ltr" data-stack="sample">
            {group.sample.frames.map((frame, i) => (
              <li key={i}>
                <code>
                  {frame.fn || t("browserErrors.anonymous")} ({frame.file}:{frame.line}:{frame.column})
                </code>
                {frame.resolved ? null : <span className="admin-muted"> {t("browserErrors.unresolved")}</span>}
              </li>
            ))}
          </ol>
        </details>
      ) : null}
      <Form method="post" action={back} className="admin-inline-form">
        <AuthenticityTokenInput />
        <input type="hidden" name="fingerprint" value={group.fingerprint} />
        <input type="hidden" name="resolved" value={group.resolved ? "0" : "1"} />
        <button type="submit" className="button button-secondary" aria-describedby={headingId}>
          {group.resolved ? t("browserErrors.reopen") : t("browserErrors.markResolved")}
        </button>
      </Form>
    </article>
  );
}
