import { type KeyboardEvent, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { isLinkHref } from "~/lib/admin/rich-text-schema";

/**
 * The link's address under the toolbar. Not a <form>: it sits inside the content form, and forms do
 * not nest; Enter applies it and Escape closes it, instead of sending the content form. Its input has
 * no name, so nothing of it is submitted.
 */
export function RichTextLinkForm(props: {
  href: string;
  uiLang: string;
  canRemove: boolean;
  onApply: (href: string) => void;
  onRemove: () => void;
  onCancel: () => void;
}) {
  const { href, uiLang, canRemove, onApply, onRemove, onCancel } = props;
  const { t } = useTranslation("admin");
  const id = useId();
  const [value, setValue] = useState(href);
  const [wrong, setWrong] = useState(false);
  const apply = () => {
    if (!isLinkHref(value)) return setWrong(true);
    onApply(value.trim());
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === "Escape") {
      event.preventDefault();
      onCancel();
    } else if (event.key === "Enter" && event.target instanceof HTMLInputElement) {
      event.preventDefault();
      apply();
    }
  };
  return (
    // eslint-disable-next-line jsx-a11y/no-static-element-interactions -- Enter and Escape for the fields inside, see above
    <div className="rich-text-panel" lang={uiLang} onKeyDown={onKeyDown}>
      <label htmlFor={`${id}-href`}>{t("content.richText.linkAddress")}</label>
      <input
        id={`${id}-href`}
        type="text"
        inputMode="url"
        dir="ltr"
        autoCapitalize="none"
        // eslint-disable-next-line jsx-a11y/no-autofocus -- opened by the link button, to type the address at once
        autoFocus
        value={value}
        aria-invalid={wrong}
        aria-describedby={`${id}-error`}
        onChange={(event) => {
          setValue(event.target.value);
          setWrong(false);
        }}
      />
      <p id={`${id}-error`} className="field-error" aria-live="polite">
        {wrong ? t("content.richText.linkInvalid") : null}
      </p>
      <div className="rich-text-panel-actions">
        <button type="button" className="button button-secondary" onClick={apply}>
          {t("content.richText.linkApply")}
        </button>
        {canRemove ? (
          <button type="button" className="button button-secondary" onClick={onRemove}>
            {t("content.richText.linkRemove")}
          </button>
        ) : null}
        <button type="button" className="button button-secondary" onClick={onCancel}>
          {t("content.richText.cancel")}
        </button>
      </div>
    </div>
  );
}
