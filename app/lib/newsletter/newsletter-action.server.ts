import type { AppLoadContext } from "@remix-run/node";
import { data } from "@remix-run/node";
import { NEWSLETTER_TRAP } from "~/lib/newsletter/fields";
import { SubscriberEmailSchema } from "~/lib/platform/api/subscriptions-contract";
import { isLang, languages, pathFor, type Lang } from "~/lib/site/route-table";
import { getT } from "~/lib/site/page.server";

/** What the newsletter page shows after a post (newsletter.tsx). */
export type NewsletterAnswer =
  | { state: "sent" }
  | { state: "invalid"; email: string; errors: { email?: string; consent?: string } }
  | { state: "refused"; reason: "crossSite" | "unavailable" }
  | { state: "confirmed"; manage: string }
  | { state: "unsubscribed" }
  | { state: "badLink" };

const NO_STORE = { "Cache-Control": "private, no-store" };
const answer = (body: NewsletterAnswer, status = 200) => data(body, { status, headers: NO_STORE });

/**
 * The newsletter page's posts: a sign-up (from any page's footer or this page), the confirm button,
 * and unsubscribing from the preferences page. Each is refused when another site posted it (ADR 010);
 * only the one-click unsubscribe (routes/resources/newsletter-unsubscribe.ts) is not.
 */
export async function newsletterAction(request: Request, context: AppLoadContext, lang: Lang) {
  if (context.crossSite) return answer({ state: "refused", reason: "crossSite" }, 403);
  if (context.refusal) return answer({ state: "refused", reason: "unavailable" }, 429);
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return answer({ state: "badLink" }, 400);
  }
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : "";
  };
  const intent = text("intent");
  try {
    if (intent === "confirm") {
      const confirmed = await context.newsletter.confirm(text("confirm"));
      if (!confirmed) return answer({ state: "badLink" }, 400);
      dropKeptCopies(context);
      return answer({ state: "confirmed", manage: `${pathFor("newsletter", confirmed.list)}?t=${confirmed.manage}` });
    }
    if (intent === "unsubscribe") {
      const list = text("list");
      const ended = await context.newsletter.unsubscribe(text("t"), isLang(list) ? list : null);
      if (ended === null) return answer({ state: "badLink" }, 400);
      dropKeptCopies(context);
      return answer({ state: "unsubscribed" });
    }
    // A bot that filled the hidden field gets what a person gets, and nothing happens.
    if (text(NEWSLETTER_TRAP) !== "") return answer({ state: "sent" });
    const email = SubscriberEmailSchema.safeParse(text("email"));
    const consented = text("consent") === "on";
    if (!email.success || !consented) {
      const t = await getT(lang);
      const errors = { email: email.success ? undefined : t("newsletter.errors.email"), consent: consented ? undefined : t("newsletter.errors.consent") };
      return answer({ state: "invalid", email: text("email").slice(0, 200), errors }, 400);
    }
    await context.newsletter.subscribe(email.data, lang);
    return answer({ state: "sent" });
  } catch (error) {
    context.logger.error({ err: error instanceof Error ? error.message : String(error), intent }, "newsletter: the API could not be reached");
    return answer({ state: "refused", reason: "unavailable" }, 503);
  }
}

/** A preferences page kept by this instance shows the lists as they were: gone once they change. */
function dropKeptCopies(context: AppLoadContext) {
  const paths = new Set(languages.map((lang) => pathFor("newsletter", lang)));
  context.pageCache.drop((path) => paths.has(path));
}
