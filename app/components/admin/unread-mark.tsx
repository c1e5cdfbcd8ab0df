import { useTranslation } from "react-i18next";

/** A lead the reader has not opened: a dot and the word, so it is not told by colour or shape alone, and screen readers read it. */
export function UnreadMark() {
  const { t } = useTranslation("admin");
  return (
    <span className="admin-unread" data-testid="unread">
      <span className="admin-unread-dot" aria-hidden="true" />
      {t("leads.unread")}
    </span>
  );
}
