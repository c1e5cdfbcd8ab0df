import type { AppLoadContext } from "@remix-run/node";
import { z } from "zod";
import { staffCall } from "~/lib/admin/guard.server";
import type { Staff } from "~/lib/admin/sessions.server";
import { itemOf } from "~/lib/platform/api/contract";
import { ContentChangeSchema, type Lang } from "~/lib/platform/api/content-contract";
import { PageFileVersionSchema } from "~/lib/platform/api/admin-contract";
import { contentChanged } from "~/lib/site/content-freshness.server";
import { getPage, isLang, type PageDef } from "~/lib/site/route-table";

/** The languages a text page offers its document in (ADR 052): where its PDF may be replaced. */
export const fileLanguages = (page: PageDef | undefined): Lang[] => (page?.document ? (Object.keys(page.slugs) as Lang[]).filter(isLang) : []);

/** The route-table page a text-page item stands for, from its shared field. */
export const pageOfItem = (shared: Record<string, unknown>) => (typeof shared.page === "string" ? getPage(shared.page) : undefined);

const UploadAnswerSchema = itemOf(z.object({ version: PageFileVersionSchema, change: ContentChangeSchema }));
/** The API's refusals, as the form's messages. */
const REFUSALS: Record<number, string> = { 404: "noFile", 413: "fileTooLarge", 415: "fileType" };

/**
 * A PDF sent from the page's files form, uploaded to the API as the page's document in `lang` (ADR 061);
 * on success the page and its cached text are dropped here and on every instance, as after a publish.
 */
export async function uploadPageFile(context: AppLoadContext, staff: Staff, id: number, lang: Lang, file: File): Promise<{ ok: true } | { error: string }> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  const answer = await staffCall(context, () => context.staffApi.as(staff.token).uploadPageFile(id, lang, bytes));
  if (answer.status !== 201) return { error: REFUSALS[answer.status] ?? "fileRejected" };
  const parsed = UploadAnswerSchema.safeParse(answer.data);
  if (!parsed.success) return { error: "fileRejected" };
  contentChanged(context, parsed.data.result.change);
  return { ok: true };
}
