import type { AppLoadContext } from "@remix-run/node";
import type { ArchivedIssue, ArchivedIssueSummary } from "~/lib/platform/api/contract";
import type { ContentContext } from "~/lib/platform/api/content.server";
import { getPage, ownPath, slugDetailPath, type Lang, type LanguagePaths } from "~/lib/site/route-table";

/** The route table's page of the archive (ADR 060): a list per language, and an issue's page under it. */
export const ARCHIVE_PAGE = "bulletin-archive";
/** The content cache's keys: the whole archive (every language), and each issue's (a prefix for all). */
const ARCHIVE_KEY = "bulletin-archive:";
const issueKey = (id: number) => `${ARCHIVE_KEY}issue:${id}`;

/**
 * Every published issue, newest first, in every language: one read serves a language's list, the
 * languages that have one (hreflang, the switcher, the sitemap) and the sitemap's issue pages.
 */
export async function getArchive({ content }: ContentContext): Promise<ArchivedIssueSummary[]> {
  return content.cached(ARCHIVE_KEY, async () => (await content.api.get("bulletinArchive", { lang: "en" })).result.data);
}

/** One published issue (the API answers 404 for any other). */
export function getArchivedIssue({ content }: ContentContext, id: number): Promise<ArchivedIssue> {
  return content.cached(issueKey(id), async () => (await content.api.get("archivedIssue", { lang: "en", params: { id } })).result);
}

/** The archive's path in each language that has a published issue: only those exist. */
export function archivePaths(issues: ArchivedIssueSummary[]): LanguagePaths {
  const page = getPage(ARCHIVE_PAGE)!;
  const paths: LanguagePaths = {};
  for (const { list } of issues) paths[list] ??= ownPath(page, list) ?? undefined;
  return paths;
}

/** An issue's page: under its own language's archive only (an issue is written for one list). */
export const issuePath = (lang: Lang, id: number) => slugDetailPath(ARCHIVE_PAGE, lang, String(id));

/**
 * After a publish or a withdrawal: the archive's cache entries and every kept page. The archive's own
 * pages in every language (a language gaining its first issue changes the others' hreflang), and the
 * rest too: an edited menu may name the archive, which shows only where it has an issue (ADR 062).
 * A publish to the archive is rare (a few a month), so the whole cache is the simple, right answer.
 */
export function applyArchiveChange(target: {
  content: Pick<AppLoadContext["content"], "forgetPrefix">;
  pageCache: Pick<AppLoadContext["pageCache"], "clear">;
}) {
  target.content.forgetPrefix(ARCHIVE_KEY);
  target.pageCache.clear();
}

/** After a change saved here: this instance at once, the others told (REDIS_URL); without Redis, after the caches' time-to-live. */
export function archiveChanged(context: Pick<AppLoadContext, "content" | "pageCache" | "changes">) {
  applyArchiveChange(context);
  context.changes.announce({ kind: "bulletins" });
}
