import { useTranslation } from "react-i18next";

/** One change of the lead, as the loader words its values (statuses, people, days) in the reader's language. */
export interface HistoryLine {
  at: string;
  when: string;
  actor: string | null;
  field: string;
  from: string | null;
  to: string | null;
}

/** The lead's own history, oldest first: what changed, from what to what, who and when. */
export function LeadHistory({ lines }: { lines: HistoryLine[] }) {
  const { t } = useTranslation("admin");
  if (lines.length === 0) return <p>{t("pipeline.history.none")}</p>;
  return (
    <ol className="admin-history">
      {lines.map((line, i) => (
        <li key={i}>
          <p className="admin-note-meta">
            <time dateTime={line.at}>{t("pipeline.history.entry", { name: line.actor ?? t("pipeline.history.system"), date: line.when })}</time>
          </p>
          <p>
            <strong>{t(`pipeline.history.fields.${line.field}`)}</strong>
            {": "}
            {line.from === null ? null : (
              <>
                <span dir="auto">{line.from}</span>
                {" → "}
              </>
            )}
            <span dir="auto">{line.to ?? t("pipeline.history.none_value")}</span>
          </p>
        </li>
      ))}
    </ol>
  );
}
