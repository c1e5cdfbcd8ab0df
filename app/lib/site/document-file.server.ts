import { createHash } from "node:crypto";
import { richTextToPlain } from "~/lib/bulletins/plain-text.server";
import type { TextPage } from "~/lib/platform/api/contract";
import { absoluteUrl } from "~/lib/site/page.server";
import { ownPath, type Lang, type PageDef } from "~/lib/site/route-table";

export interface DocumentFile {
  /** The page's text as plain UTF-8 text (its title, lead, body and where it was taken from), or the owner's PDF. */
  body: string | Uint8Array;
  type: "text/plain; charset=utf-8" | "application/pdf";
  /** The file's name as the page's slug says it (`kvkk-aydinlatma-metni.txt`, `….pdf`). */
  name: string;
  /** A name in ASCII for clients that read only `filename=` (the page's table name where the slug is not ASCII). */
  asciiName: string;
  /** A strong validator of the body: a repeated request for the same text answers 304, which is not a download. */
  etag: string;
}

const underline = (text: string, mark: string) => mark.repeat(Math.max(3, [...text].length));

/**
 * The file a document route serves (ADR 052): the same text as the page, in the page's language,
 * made from the published text page (ADR 061) the page shows, so a publish changes both at once.
 */
export function documentFile(page: PageDef, lang: Lang, text: TextPage, siteUrl: string): DocumentFile {
  const source = absoluteUrl(siteUrl, ownPath(page, lang) ?? `/${lang}`);
  const body = [text.title, underline(text.title, "="), "", text.lead, "", richTextToPlain(text.body), "", source, ""].join("\n");
  return { body, type: "text/plain; charset=utf-8", ...named(page, lang, "txt", body) };
}

/** The PDF the owner uploaded for the page in this language (ADR 061), as the API keeps it. */
export function pdfFile(page: PageDef, lang: Lang, bytes: Uint8Array): DocumentFile {
  return { body: bytes, type: "application/pdf", ...named(page, lang, "pdf", bytes) };
}

function named(page: PageDef, lang: Lang, extension: string, body: string | Uint8Array) {
  const name = `${(page.slugs[lang] ?? page.name).split("/").pop()}.${extension}`;
  const etag = `"${createHash("sha256").update(body).digest("base64url").slice(0, 32)}"`;
  return { name, asciiName: /^[\w.-]+$/.test(name) ? name : `${page.name}.${extension}`, etag };
}
