import type { AppLoadContext } from "@remix-run/node";
import type { Conflict } from "~/lib/admin/content-editor-data";
import { isUnavailable } from "~/lib/admin/content-unsaved.server";
import { staffDateTime } from "~/lib/admin/staff-time";
import type { ContentKind } from "~/lib/platform/api/content-contract";
import { isNotFound } from "~/lib/platform/api/errors";
import { errorCode, type Answer } from "~/lib/platform/api/staff-client.server";
import i18next from "~/lib/render/i18next.server";

type Api = ReturnType<AppLoadContext["staffApi"]["as"]>;

/** The API's answer that the write names a version the item has moved past. */
export const isStale = (answer: Answer) => answer.status === 409 && errorCode(answer.data) === "stale";

/** The item's newest version, or null when it cannot be read now (the conflict is said without it). */
export async function newestVersion(request: Request, api: Api, kind: ContentKind, id: number): Promise<Conflict | null> {
  const answer = await api
    .get("contentVersions", { params: { kind, id }, query: { pageSize: 1 } })
    .catch((error: unknown) => (isUnavailable(error) || isNotFound(error) ? null : Promise.reject(error)));
  const newest = answer?.result.data[0];
  if (!newest) return null;
  return { id: newest.id, author: newest.author?.name ?? newest.author?.email ?? null, when: staffDateTime(await i18next.getLocale(request), newest.at) };
}
