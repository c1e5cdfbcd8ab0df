/**
 * A detail page's rich HTML from the API. Only HTML the loader passed through `sanitizeRichText`
 * (app/lib/site/sanitize.server.ts) may come here, since it is rendered as markup.
 */
export function RichText({ html }: { html: string }) {
  return <div className="rich-text" dangerouslySetInnerHTML={{ __html: html }} />;
}
