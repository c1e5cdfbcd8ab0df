import type { AppLoadContext } from "@remix-run/node";
import type { ContentItem, Lang } from "~/lib/platform/api/content-contract";
import { PushMessageSchema, PushNoticeAnswerSchema, type NoticeKind, type PushMessage } from "~/lib/platform/api/push-contract";
import { ApiError } from "~/lib/platform/api/errors";
import { KIND_PAGES } from "~/lib/site/kind-pages";
import { detailPath, pathFor } from "~/lib/site/route-table";

type Api = ReturnType<AppLoadContext["staffApi"]["as"]>;

/** Cut at a word where one is near, with an ellipsis: a push title or text has a hard length. */
function clip(text: string, max: number): string {
  const flat = text.replace(/\s+/g, " ").trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const space = cut.lastIndexOf(" ");
  return `${(space > max / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/**
 * The notice's message in one language, prefilled from the item as just published: its title, its
 * summary, and its public page there (the list page when the uri makes too long a link). Null when
 * the item has no public page in that language.
 */
export function noticeMessage(kind: NoticeKind, item: ContentItem, lang: Lang): PushMessage | null {
  const state = item.texts[lang];
  const fields = state.fields;
  const title = typeof fields.title === "string" ? fields.title : "";
  const summary = typeof fields.summary === "string" ? fields.summary : "";
  const uri = typeof fields.uri === "string" ? fields.uri : "";
  const page = KIND_PAGES[kind]!;
  if (!state.published || !title || !uri) return null;
  const detail = detailPath(page, lang, uri, item.id);
  const link = detail && detail.length <= 300 ? detail : pathFor(page, lang);
  const parsed = PushMessageSchema.safeParse({ title: clip(title, 80), body: clip(summary || title, 200), link });
  return parsed.success ? parsed.data : null;
}

/**
 * Asks the API for a pending "new discovery" notice in each language just published (ADR 059).
 * The publish already went through: a refusal or an API that does not answer is said in the toast,
 * never undoes it. True when every language's notice was asked.
 */
export async function askNotices(api: Api, kind: NoticeKind, item: ContentItem, languages: readonly Lang[]): Promise<boolean> {
  let all = true;
  for (const lang of languages) {
    const message = noticeMessage(kind, item, lang);
    try {
      const answer = message ? await api.send("POST", "admin/push/notices", { kind, itemId: item.id, language: lang, message }) : null;
      if (!answer || (answer.status !== 200 && answer.status !== 201) || !PushNoticeAnswerSchema.safeParse(answer.data).success) all = false;
    } catch (error) {
      // The API did not answer, or refused the token: the notice is not asked, the publish stands.
      if (!(error instanceof ApiError)) throw error;
      all = false;
    }
  }
  return all;
}
