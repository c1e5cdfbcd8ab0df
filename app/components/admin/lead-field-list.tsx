import { useTranslation } from "react-i18next";
import type { ShownField } from "~/lib/admin/lead-fields.server";
import { telHref, whatsappHref } from "~/components/page-kit";

const isWebAddress = (value: string) => /^https?:\/\/\S+$/i.test(value);

/** What the visitor sent, field by field. Text they typed keeps its own direction (Arabic, Russian) and line breaks. */
export function LeadFieldList({ fields }: { fields: ShownField[] }) {
  const { t } = useTranslation("admin");
  return (
    <dl className="admin-fields">
      {fields.map((field) => (
        <div key={field.key}>
          <dt>{field.label ? t(`fields.${field.label}`) : field.text ? <bdi>{field.text}</bdi> : <code>{field.key}</code>}</dt>
          <FieldValue field={field} whatsapp={t("leads.writeWhatsapp")} />
        </div>
      ))}
    </dl>
  );
}

function FieldValue({ field: { shape, value }, whatsapp }: { field: ShownField; whatsapp: string }) {
  if (value === "—") return <dd>{value}</dd>;
  switch (shape) {
    case "email":
      return (
        <dd>
          <a href={`mailto:${value}`}>{value}</a>
        </dd>
      );
    case "phone":
      return (
        <dd className="admin-contact-links">
          <a href={telHref(value)} dir="ltr">
            {value}
          </a>
          <a href={whatsappHref(value)} target="_blank" rel="noopener noreferrer">
            {whatsapp}
          </a>
        </dd>
      );
    case "url":
      return (
        <dd>
          {isWebAddress(value) ? (
            <a href={value} target="_blank" rel="noopener noreferrer nofollow" dir="auto">
              {value}
            </a>
          ) : (
            <span dir="auto">{value}</span>
          )}
        </dd>
      );
    case "message":
      return (
        <dd dir="auto" className="admin-pre">
          {value}
        </dd>
      );
    case "text":
      // Inline, so a short Arabic name is isolated in its own direction without moving to the far side.
      return (
        <dd>
          <span dir="auto">{value}</span>
        </dd>
      );
    default:
      return <dd>{value}</dd>;
  }
}
