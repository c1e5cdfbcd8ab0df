import type { ActionFunctionArgs } from "@remix-run/node";
import { requireUploadPost } from "~/lib/admin/upload-post.server";
import { sanitizeRichText } from "~/lib/sanitize.server";

/** Far above any article; a longer text is previewed up to here (saving reports its length). */
const MAX_PREVIEW_CHARS = 200_000;

/**
 * The editor's live preview (with JavaScript): the body as the public page would show it, cleaned
 * by the public pages' own sanitizer, so what an editor sees is what the site will print. A resource
 * route: its answer is JSON, and posting here reloads none of the editor's data.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const { form } = await requireUploadPost(request, context, "write:content", "admin:content.errors.imageTooLarge");
  const html = form.get("html");
  if (typeof html !== "string") return Response.json({ error: "html" }, { status: 400 });
  return Response.json({ html: sanitizeRichText(html.slice(0, MAX_PREVIEW_CHARS)) }, { headers: { "Cache-Control": "private, no-store" } });
}
