import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { BULK_LIMIT, LeadStatusSchema } from "~/lib/platform/api/admin-contract";
import { redirectWithToast, requirePage, requirePost, safeAdminPath, sendLeadChange } from "./leads-bulk.server";

/** Only posted to, by the inbox's bulk form: opened here by someone who may post, it says so. */
export function loader({ request, context }: LoaderFunctionArgs) {
  requirePage(request, context, "leads-bulk");
  return new Response("Only POST is allowed here.", {
    status: 405,
    headers: { Allow: "POST", "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });
}

const BulkFormSchema = z.object({
  ids: z.array(z.coerce.number().int().positive()).max(BULK_LIMIT),
  /** "" leaves the assignee; "none" is nobody. */
  assigneeId: z.union([z.literal(""), z.literal("none"), z.coerce.number().int().positive()]).default(""),
  /** Lost asks why, one lead at a time on its page: not a bulk change. */
  status: z.union([z.literal(""), LeadStatusSchema.exclude(["lost"])]).default(""),
});

/**
 * The ticked inbox rows assigned to someone or moved to a stage in one request (at most BULK_LIMIT),
 * then back to the same list with a toast that says how many changed, or what was missing.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const { staff, form } = await requirePost(request, context, "leads-bulk");
  const back = safeAdminPath(form.get("back"));
  const to = back.startsWith("/admin/leads") ? back : "/admin/leads";
  const parsed = BulkFormSchema.safeParse({ ids: form.getAll("id"), assigneeId: form.get("assigneeId") ?? "", status: form.get("status") ?? "" });
  if (!parsed.success) return redirectWithToast(context, to, "admin:pipeline.bulk.limit", { values: { limit: String(BULK_LIMIT) } });
  const { ids, assigneeId, status } = parsed.data;
  if (ids.length === 0) return redirectWithToast(context, to, "admin:pipeline.bulk.noneChosen");
  if (assigneeId === "" && status === "") return redirectWithToast(context, to, "admin:pipeline.bulk.nothing");
  const answer = await sendLeadChange(context, staff, "POST", "admin/leads/bulk", {
    ids,
    ...(assigneeId === "" ? {} : { assigneeId: assigneeId === "none" ? null : assigneeId }),
    ...(status === "" ? {} : { status }),
  });
  if (answer.status !== 200) return redirectWithToast(context, to, "admin:leads.errors.refused");
  const { changed } = (answer.data as { result: { changed: number } }).result;
  return redirectWithToast(context, to, "admin:pipeline.bulk.done", { values: { count: String(changed) } });
}
