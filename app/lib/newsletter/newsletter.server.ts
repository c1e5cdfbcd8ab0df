import { createHash, randomUUID } from "node:crypto";
import type { ApiClient } from "~/lib/platform/api/client.server";
import { ConfirmAnswerSchema, LookupAnswerSchema, SubscribeAnswerSchema, UnsubscribeAnswerSchema } from "~/lib/platform/api/subscriptions-contract";
import { bulletinMailSuffix, newsletterMailPrefix } from "~/lib/platform/mail/message";
import type { Mailer } from "~/lib/platform/mail/mailer.server";
import type { Outbox } from "~/lib/platform/outbox/outbox.server";
import i18next from "~/lib/render/i18next.server";
import { pathFor, type Lang } from "~/lib/site/route-table";
import { addressDigest } from "./address-digest.server";
import type { LinkHolder, LinkTokens } from "./link-token.server";

/** Where the one-click unsubscribe (RFC 8058) is posted: no language, the token says whose it is. */
export const ONE_CLICK_PATH = "/newsletter/unsubscribe";

export interface NewsletterOptions {
  api: Pick<ApiClient, "postJson">;
  mailer: Pick<Mailer, "enqueue">;
  mailbox: Pick<Outbox, "eraseMailAbout" | "eraseBulletinMail">;
  tokens: LinkTokens;
  /** The site's public origin (SITE_URL): links in mail must work from a mailbox. */
  siteUrl: string;
}

/** The consent text a visitor ticked, in their language, and its version: the first 16 hex digits of its SHA-256. */
export async function consentOf(lang: Lang) {
  const text = (await i18next.getFixedT(lang, "common"))("newsletter.consent");
  return { version: createHash("sha256").update(text).digest("hex").slice(0, 16), language: lang, text };
}

/**
 * Newsletter subscriptions with double opt-in (ADR 056): the sign-up, its confirmation mail in the
 * visitor's language, the preferences and unsubscribe links, and the headers bulletins will carry.
 */
export function createNewsletter({ api, mailer, mailbox, tokens, siteUrl }: NewsletterOptions) {
  /** The page's absolute address, percent-encoded (an Arabic slug in a plain-text mail would break at a space or a bidi mark). */
  const pageUrl = (lang: Lang) => new URL(pathFor("newsletter", lang)!, siteUrl).href;
  const manageUrl = async (holder: LinkHolder) => `${pageUrl(holder.list)}?t=${await tokens.seal(holder)}`;

  async function unsubscribe(holder: LinkHolder, list: Lang | null) {
    const answer = await api.postJson("subscriptions/unsubscribe", { email: holder.email, list }, UnsubscribeAnswerSchema);
    // The confirmation mail this site kept for the address names it: gone with the subscription.
    await mailbox.eraseMailAbout(newsletterMailPrefix(addressDigest(holder.email)));
    // So is every bulletin mailed to it (ADR 057): the address is kept only as a hash.
    await mailbox.eraseBulletinMail(bulletinMailSuffix(addressDigest(holder.email)));
    return answer.result.unsubscribed;
  }

  return {
    /**
     * A sign-up. The answer is the same whether the address is new, waiting or confirmed (no one
     * learns who subscribed); a mail goes out only when the API issued a token.
     */
    async subscribe(email: string, lang: Lang) {
      const consent = await consentOf(lang);
      const { result } = await api.postJson("subscriptions", { email, list: lang, consent }, SubscribeAnswerSchema);
      if (!result.confirmToken) return;
      const t = await i18next.getFixedT(lang, "common");
      const link = `${pageUrl(lang)}?confirm=${result.confirmToken}`;
      await mailer.enqueue(`${newsletterMailPrefix(addressDigest(email))}${randomUUID()}`, {
        to: email,
        subject: t("newsletter.mail.subject"),
        text: t("newsletter.mail.body", { link }),
        purpose: "newsletter-confirmation",
        lang,
      });
    },
    /** The confirm button's post: the subscription confirmed, and a link to its preferences; null for a token unknown, used or expired. */
    async confirm(token: string) {
      if (token.length < 20 || token.length > 100) return null;
      const { result } = await api.postJson("subscriptions/confirm", { token }, ConfirmAnswerSchema);
      if (!result.confirmed) return null;
      return { list: result.confirmed.list, manage: await tokens.seal(result.confirmed) };
    },
    /** A preferences link's holder and their lists, or null for a link forged or altered. */
    async preferences(linkToken: string) {
      const holder = await tokens.open(linkToken);
      if (!holder) return null;
      const { result } = await api.postJson("subscriptions/lookup", { email: holder.email }, LookupAnswerSchema);
      return { holder, lists: result.lists };
    },
    /** Ends one list, or all (null), for a link's holder; null for a link forged or altered. */
    async unsubscribe(linkToken: string, list: Lang | null) {
      const holder = await tokens.open(linkToken);
      return holder ? unsubscribe(holder, list) : null;
    },
    /** The list a sealed link was made for, or null for a link forged or altered. */
    listOf: async (linkToken: string) => (await tokens.open(linkToken))?.list ?? null,
    /** The one-click unsubscribe (RFC 8058): the list the link was made for. */
    async oneClick(linkToken: string) {
      const holder = await tokens.open(linkToken);
      return holder ? unsubscribe(holder, holder.list) : null;
    },
    manageUrl,
    /**
     * The two headers a bulletin to `email` on `list` carries (RFC 8058 and RFC 2369): the one-click
     * address, authenticated by the sealed token in it, and the page with the lists after it.
     */
    async unsubscribeHeaders(holder: LinkHolder) {
      const token = await tokens.seal(holder);
      return {
        "List-Unsubscribe": `<${siteUrl}${ONE_CLICK_PATH}?t=${token}>`,
        "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
      };
    },
  };
}

export type Newsletter = ReturnType<typeof createNewsletter>;
