import { randomInt } from "node:crypto";
import type { AppLoadContext, Cookie } from "@remix-run/node";
import { z } from "zod";

export const ConsentSchema = z.object({
  requiredCookies: z.literal(true),
  performanceAndAnalysisCookies: z.boolean(),
  functionalityCookies: z.boolean(),
  /** Anonymous id for page views, made only once analytics is allowed. */
  clientId: z
    .string()
    .regex(/^\d+\.\d+$/)
    .optional(),
});
export type Consent = z.infer<typeof ConsentSchema>;

/** The consent cookie is the load context's (`context.cookies.consent`, cookies.server.ts). */
type ConsentContext = Pick<AppLoadContext, "cookies">;

export function readConsent({ cookies }: ConsentContext, request: Request): Promise<Consent | null> {
  return readConsentCookie(cookies.consent, request.headers.get("Cookie"));
}

/** The stored choice in a Cookie header; null when there is none or it is not one the site wrote. */
export async function readConsentCookie(consentCookie: Cookie, cookieHeader: string | null | undefined): Promise<Consent | null> {
  const parsed = ConsentSchema.safeParse(await consentCookie.parse(cookieHeader ?? null));
  return parsed.success ? parsed.data : null;
}

export type ConsentIntent = "accept" | "reject" | "save" | "reset";

/** The stored choice after an intent; null means the choice is deleted. */
export function nextConsent(intent: ConsentIntent, form: FormData, previous: Consent | null): Consent | null {
  if (intent === "reset") return null;
  const performance = intent === "accept" || (intent === "save" && form.get("performance") === "on");
  const functionality = intent === "accept" || (intent === "save" && form.get("functionality") === "on");
  return {
    requiredCookies: true,
    performanceAndAnalysisCookies: performance,
    functionalityCookies: functionality,
    clientId: performance ? (previous?.clientId ?? `${randomInt(1e9)}.${Math.floor(Date.now() / 1000)}`) : undefined,
  };
}

export async function consentHeader({ cookies }: ConsentContext, consent: Consent | null): Promise<string> {
  return consent ? cookies.consent.serialize(consent) : cookies.consent.serialize("", { maxAge: 0, expires: new Date(0) });
}
