import { createHash } from "node:crypto";
import { getPageText } from "~/lib/site/page-text.server";
import { absoluteUrl, getT } from "~/lib/site/page.server";
import { ownPath, type Lang, type PageDef } from "~/lib/site/route-table";

export interface DocumentFile {
  /** The page's text as plain UTF-8 text: its title, lead, headings, paragraphs and items, and where it was taken from. */
  body: string;
  /** The file's name as the page's slug says it (`kvkk-aydinlatma-metni.txt`). */
  name: string;
  /** A name in ASCII for clients that read only `filename=` (the page's table name where the slug is not ASCII). */
  asciiName: string;
  /** A strong validator of the body: a repeated request for the same text answers 304, which is not a download. */
  etag: string;
}

const underline = (text: string, mark: string) => mark.repeat(Math.max(3, [...text].length));

function render(title: string, text: Awaited<ReturnType<typeof getPageText>>, source: string): string {
  const lines = [title, underline(title, "="), "", text.lead, ""];
  for (const section of text.sections) {
    lines.push(section.heading, underline(section.heading, "-"), "");
    for (const paragraph of section.paragraphs) lines.push(paragraph, "");
    if (section.items?.length) lines.push(...section.items.map((item) => `- ${item}`), "");
  }
  lines.push(source, "");
  return lines.join("\n");
}

// A document's text is the page's, bundled with the build: made once per page and language, like the page text it is made of.
const files = new Map<string, Promise<DocumentFile>>();

/** The file a document route serves (ADR 052): the same text as the page, in the page's language. */
export function documentFile(page: PageDef, lang: Lang, siteUrl: string): Promise<DocumentFile> {
  const key = `${page.name}.${lang}`;
  let file = files.get(key);
  if (!file) {
    file = (async () => {
      const [t, text] = await Promise.all([getT(lang), getPageText(page.name, lang)]);
      const body = render(t(page.pageTitle), text, absoluteUrl(siteUrl, ownPath(page, lang) ?? `/${lang}`));
      const name = `${(page.slugs[lang] ?? page.name).split("/").pop()}.txt`;
      const etag = `"${createHash("sha256").update(body).digest("base64url").slice(0, 32)}"`;
      return { body, name, asciiName: /^[\w.-]+$/.test(name) ? name : `${page.name}.txt`, etag };
    })();
    file.catch(() => files.delete(key));
    files.set(key, file);
  }
  return file;
}
