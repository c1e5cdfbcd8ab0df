import type { LoaderFunctionArgs } from "@remix-run/node";
import { AdminError } from "~/components/admin/admin-error";
import { data, requirePage } from "./not-found.server";

/** An unknown address under /admin: a 404 inside the admin shell, for a signed-in staff member only. */
export function loader({ request, context }: LoaderFunctionArgs) {
  requirePage(request, context, "not-found");
  throw data({ reason: "notFound" }, { status: 404 });
}

export default function AdminNotFound() {
  return null;
}

export const ErrorBoundary = AdminError;
