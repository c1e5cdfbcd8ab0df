import { useRouteLoaderData } from "@remix-run/react";

/**
 * A key for a form that should start afresh after it was saved: a post that succeeds redirects
 * with a toast, whose id is new each time. Without JavaScript the page is drawn anew anyway.
 */
export function useResetKey(): string {
  const root = useRouteLoaderData("root") as { toast?: { id: string } | null } | undefined;
  return root?.toast?.id ?? "";
}
