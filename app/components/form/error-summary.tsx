import { useTranslation } from "react-i18next";
import { FIELD_LABELS, LINKED_FIELD } from "~/lib/forms/field-labels";
import type { FormName } from "~/lib/forms/form-checks";

/** The field errors of the form's last send as the server answered them (conform's reply), by field name. */
export type PostedErrors = Record<string, string[] | null | undefined>;

/**
 * After a send the server refused, the problems at the top of the form, each a link to its field (as
 * GOV.UK's error summary). Without JavaScript the page comes back from the top, and on a phone the
 * fields in error were screens away: the summary is focused as the page loads (`autoFocus`, written
 * into the server's HTML, as the thank-you state does), which brings it into view and has a screen
 * reader read it. With JavaScript the form is checked before it is sent, so it shows only for what
 * the server alone judges; it stays as sent until the next send, so it never moves the fields while
 * the visitor corrects them (ADR 035).
 */
export function ErrorSummary({ form, name, errors }: { form: { id: string; getFieldset: () => object }; name: FormName; errors?: PostedErrors }) {
  const { t } = useTranslation();
  const fields = form.getFieldset() as Record<string, { id: string } | undefined>;
  const labels = FIELD_LABELS[name];
  const entries = Object.entries(errors ?? {}).flatMap(([field, keys]) => {
    const target = fields[LINKED_FIELD[field] ?? field];
    if (!keys?.length || !target || !labels[field]) return [];
    // Shared messages are short keys under forms.errors; a form's own are full keys (career.errors.photoType).
    return keys.map((key) => ({ id: target.id, text: t("forms.summary.item", { label: t(labels[field]), message: t([`forms.errors.${key}`, key]) }) }));
  });
  if (entries.length === 0) return null;
  const titleId = `${form.id}-errors-title`;
  return (
    // eslint-disable-next-line jsx-a11y/no-autofocus -- the visitor's own send put it here (see above)
    <div id={`${form.id}-errors`} className="error-summary" role="alert" aria-labelledby={titleId} tabIndex={-1} autoFocus>
      <h3 id={titleId}>{t("forms.summary.title")}</h3>
      <ul>
        {entries.map((entry) => (
          <li key={`${entry.id} ${entry.text}`}>
            <a href={`#${entry.id}`}>{entry.text}</a>
          </li>
        ))}
      </ul>
    </div>
  );
}
