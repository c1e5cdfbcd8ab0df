import type { ReactNode } from "react";
// Through the kit: the back office loads this module too (form-kit.ts), and a direct import split
// these two into a file of their own on every page.
import { ContentSections, PageHeader } from "~/components/page-kit";
import type { PageText } from "~/lib/site/page-text.server";

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
