import { randomBytes, timingSafeEqual } from "node:crypto";
import { jwtVerify, SignJWT } from "jose";

export interface TokenIssuerOptions {
  clientId: string;
  clientSecret: string;
  /** Lifetime of an access token; short in tests. */
  ttlSeconds: number;
}

const ISSUER = "remed-embedded-backend";

function sameSecret(given: string, expected: string) {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** OAuth2 client credentials with signed JWTs (HS256, a key that lives only in this process). */
export function createTokenIssuer(options: TokenIssuerOptions) {
  const key = randomBytes(32);
  return {
    checkClient(clientId: string, clientSecret: string) {
      return sameSecret(clientId, options.clientId) && sameSecret(clientSecret, options.clientSecret);
    },
    async issue() {
      const token = await new SignJWT({ scope: "content leads" })
        .setProtectedHeader({ alg: "HS256", typ: "JWT" })
        .setIssuer(ISSUER)
        .setSubject(options.clientId)
        .setIssuedAt()
        .setExpirationTime(Math.floor(Date.now() / 1000) + options.ttlSeconds)
        .sign(key);
      return { access_token: token, token_type: "Bearer" as const, expires_in: options.ttlSeconds };
    },
    async verify(token: string) {
      try {
        await jwtVerify(token, key, { issuer: ISSUER, algorithms: ["HS256"] });
        return true;
      } catch {
        return false;
      }
    },
  };
}
export type TokenIssuer = ReturnType<typeof createTokenIssuer>;
