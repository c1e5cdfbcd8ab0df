import { resources } from "~/lib/platform/locales.server";
import { defaultLanguage, languageOfPath, textDirection, type Lang } from "~/lib/site/route-table";

/** Answers the server gives before or instead of Remix (rate limit, oversize body, unreadable request, another site's post): a short page in the visitor's language. */
export type PlainPageKey = "rateLimited" | "payloadTooLarge" | "badRequest" | "requestTimeout" | "forbidden" | "unavailable";

type Texts = Record<"title" | "text" | "home", string>;

function texts(lang: Lang, key: PlainPageKey): Texts {
  const common = (lang: Lang) => resources[lang]?.common as Record<string, Texts> | undefined;
  return common(lang)?.[key] ?? common(defaultLanguage)![key];
}

const escape = (s: string) => s.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);

export function plainPage(path: string, key: PlainPageKey): string {
  let decoded = path;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    // A path that does not decode is answered in the default language.
  }
  const lang = languageOfPath(decoded) ?? defaultLanguage;
  const t = texts(lang, key);
  return [
    `<!doctype html><html lang="${lang}" dir="${textDirection(lang)}"><head><meta charset="utf-8">`,
    `<meta name="viewport" content="width=device-width, initial-scale=1"><title>${escape(t.title)}</title></head>`,
    `<body style="font-family:system-ui,sans-serif;max-width:40rem;margin:4rem auto;padding:0 1rem;line-height:1.5">`,
    `<main><h1>${escape(t.title)}</h1><p>${escape(t.text)}</p><p><a href="/${lang}">${escape(t.home)}</a></p></main></body></html>`,
  ].join("");
}
