import { data } from "@remix-run/node";
import { ContentKindSchema, type ContentKind } from "~/lib/platform/api/content-contract";

/** The kind in a URL, else a 404 in the admin shell. */
export function kindParam(params: { kind?: string }): ContentKind {
  const kind = ContentKindSchema.safeParse(params.kind);
  if (!kind.success) throw data({ reason: "notFound" }, { status: 404 });
  return kind.data;
}

/** An item or version id in a URL (digits only), else a 404. */
export function idParam(raw: string | undefined): number {
  const id = /^[1-9]\d{0,9}$/.test(raw ?? "") ? Number(raw) : NaN;
  if (!Number.isSafeInteger(id)) throw data({ reason: "notFound" }, { status: 404 });
  return id;
}
