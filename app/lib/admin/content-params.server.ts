import { data } from "@remix-run/node";
import { ContentKindSchema, type ContentKind } from "~/lib/platform/api/content-contract";

/** The kind in a URL, else a 404 in the admin shell. */
export function kindParam(params: { kind?: string }): ContentKind {
  const kind = ContentKindSchema.safeParse(params.kind);
  if (!kind.success) throw data({ reason: "notFound" }, { status: 404 });
  return kind.data;
}

/** A kind whose new items may be made here, else a 404: the text pages are the route table's (ADR 061). */
export function newKindParam(params: { kind?: string }): ContentKind {
  const kind = kindParam(params);
  if (kind === "page") throw data({ reason: "notFound" }, { status: 404 });
  return kind;
}

/** An item or version id in a URL (digits only), else a 404. */
export function idParam(raw: string | undefined): number {
  const id = /^[1-9]\d{0,9}$/.test(raw ?? "") ? Number(raw) : NaN;
  if (!Number.isSafeInteger(id)) throw data({ reason: "notFound" }, { status: 404 });
  return id;
}
