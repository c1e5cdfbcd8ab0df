import type { LoaderFunctionArgs } from "@remix-run/node";
import type { TextPage } from "~/lib/platform/api/contract";
import { decodePath, documentAt } from "~/lib/site/route-table";
import { documentFile, getTextPage, holdsFile, notCounted, pdfFile, readConsent, throwApiFailure } from "./document.server";

/**
 * `/{lang}/{page}.txt`: a page's text as a file to keep (ADR 052), each download counted at the API;
 * `/{lang}/{page}.pdf`: the PDF the owner uploaded in its place (ADR 061), counted the same, a 404 while there is none.
 * The count is sent without waiting: the file is served whether or not the API takes it. With the
 * visitor's analytics consent it carries their visitor id; without, it is a bare count.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const path = decodePath(new URL(request.url).pathname);
  const document = path === null ? null : documentAt(path);
  // Only the table's documents have this route; anything else never reaches it.
  if (!document) throw new Response("Not Found", { status: 404 });
  const { page, lang } = document;
  // The published text page (ADR 061), through the content cache: served stale while the API is down.
  const text = await getTextPage(context, lang, page.name).catch(throwApiFailure);
  const file = path!.endsWith(".pdf")
    ? pdfFile(page, lang, await pdfBytes(context, page.name, lang, text.file))
    : documentFile(page, lang, text, context.config.siteUrl);
  // Never kept by a shared cache, so that each download reaches a server and is counted.
  const headers = { ETag: file.etag, "Cache-Control": "private, no-cache", "X-Robots-Tag": "noindex" };
  if (holdsFile(request, file.etag)) return new Response(null, { status: 304, headers });
  if (notCounted(request) === null) {
    const consent = await readConsent(context, request);
    const visitorId = consent?.performanceAndAnalysisCookies ? consent.clientId : undefined;
    context.downloads.count({ document: page.name, language: lang, ...(visitorId ? { visitorId } : {}) });
  }
  return new Response(typeof file.body === "string" ? file.body : new Uint8Array(file.body), {
    headers: {
      ...headers,
      "Content-Type": file.type,
      "Content-Language": lang,
      "Content-Disposition": `attachment; filename="${file.asciiName}"; filename*=UTF-8''${encodeURIComponent(file.name)}`,
    },
  });
}

/** The newest PDF, read from the API at each download (the files are few and a few MB; no instance keeps a copy). */
async function pdfBytes(context: LoaderFunctionArgs["context"], name: string, lang: string, file: TextPage["file"]) {
  if (!file) throw new Response("Not Found", { status: 404 });
  return context.media.pageFile(name, lang).catch(throwApiFailure);
}
