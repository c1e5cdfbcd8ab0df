import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { faqView, getAllFaqs, pageRoute, throwApiFailure } from "./faq.server";
import { ContentSections, OfferCallout, PageHeader, pageMeta, RichText } from "~/components/page-kit";

export const meta = pageMeta;
/** The questions and answers published in the page's language, in the clinic's order. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { lang } = pageRoute("faq", request);
  return faqView(context.config.siteUrl, await getAllFaqs(context, lang).catch(throwApiFailure), lang);
}

export default function FaqPage() {
  const { title, align, content, questions, offerPath } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={title} lead={content.lead} align={align} />
      <section className="container faq-list" aria-labelledby="faq-list-heading">
        <h2 id="faq-list-heading" className="visually-hidden">
          {t("faq.listHeading")}
        </h2>
        {questions.length ? (
          // details/summary: each answer opens without JavaScript, and find-in-page opens the one it finds.
          questions.map((faq) => (
            <details key={faq.id} className="faq-item">
              <summary>{faq.question}</summary>
              <RichText html={faq.answer} />
            </details>
          ))
        ) : (
          <p>{t("faq.empty")}</p>
        )}
      </section>
      <div className="container page-body">
        <article className="prose">
          <ContentSections sections={content.sections} />
        </article>
      </div>
      <OfferCallout to={offerPath} />
    </>
  );
}
