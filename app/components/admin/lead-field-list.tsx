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
          <FieldValue field={field} whatsapp={t("leads.writeWhatsapp")} files={{ photo: t("leads.openPhoto"), pdf: t("leads.downloadPdf") }} />
        </div>
      ))}
    </dl>
  );
}

function FieldValue({ field: { shape, value }, whatsapp, files }: { field: ShownField; whatsapp: string; files: { photo: string; pdf: string } }) {
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
    case "photoFile":
    case "pdfFile":
      // A built form's file (ADR 065): a PDF is only ever downloaded (the route sends it as an attachment).
      return (
        <dd>
          <a href={value} download={shape === "pdfFile" ? "" : undefined}>
            {shape === "pdfFile" ? files.pdf : files.photo}
          </a>
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
