import type { LoaderFunctionArgs } from "@remix-run/node";
import { i18next, redirect } from "./language-redirect.server";

/** `/` sends the visitor to their language: stored preference, then Accept-Language, then en. */
export async function loader({ request }: LoaderFunctionArgs) {
  const lang = await i18next.getLocale(request);
  return redirect(`/${lang}`, { status: 302, headers: { Vary: "Accept-Language, Cookie" } });
}
