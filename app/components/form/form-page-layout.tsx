import type { ReactNode } from "react";
import { ContentSections } from "~/components/content-sections";
import { PageHeader } from "~/components/page-header";
import type { PageText } from "~/lib/page-text.server";

/** A form page: its title and introduction, the page text, and the form in a card beside it. */
export function FormPageLayout({
  title,
  align,
  content,
  formId,
  formTitle,
  children,
}: {
  title: string;
  align: "start" | "center";
  content: PageText;
  formId: string;
  formTitle: string;
  children: ReactNode;
}) {
  return (
    <>
      <PageHeader title={title} lead={content.lead} align={align} />
      <div className="container page-body form-layout">
        <article className="prose">
          <ContentSections sections={content.sections} />
        </article>
        <section className="form-card" aria-labelledby={`${formId}-title`}>
          <h2 id={`${formId}-title`}>{formTitle}</h2>
          {children}
        </section>
      </div>
    </>
  );
}
