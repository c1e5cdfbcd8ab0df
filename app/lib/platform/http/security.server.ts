import { randomBytes } from "node:crypto";
import type { RequestHandler } from "express";
import helmet from "helmet";

const NONCE_BYTES = 16;
const POOL_BYTES = NONCE_BYTES * 256;
let pool = Buffer.alloc(0);
let offset = 0;

/**
 * 128 bits from the system's CSPRNG, never handed out twice. They are drawn 256 nonces at a time,
 * as node's randomUUID draws its entropy: one randomBytes(16) per request was 5% of a kept page's
 * answer in a CPU profile (#16), each slice is as unpredictable as a call of its own.
 */
export function newNonce(): string {
  if (offset >= pool.length) {
    pool = randomBytes(POOL_BYTES);
    offset = 0;
  }
  const nonce = pool.toString("base64", offset, offset + NONCE_BYTES);
  offset += NONCE_BYTES;
  return nonce;
}

/** A fresh nonce per response: every script Remix writes into the page carries it. */
export const cspNonce: RequestHandler = (_req, res, next) => {
  res.locals.cspNonce = newNonce();
  next();
};

const hsts = helmet.strictTransportSecurity({ maxAge: 63_072_000, includeSubDomains: true });
// req.secure is true over TLS, or behind a trusted proxy that says X-Forwarded-Proto: https.
const hstsWhenSecure: RequestHandler = (req, res, next) => (req.secure ? hsts(req, res, next) : next());

export interface SecurityOptions {
  /** Origin page views go to; allowed only when analytics is configured. */
  analyticsOrigin: string | null;
  /** `remix dev` reloads the page over a websocket. */
  dev: boolean;
}

/**
 * helmet with an enforced CSP. Scripts: our own files and nonce'd inline scripts only (no
 * 'unsafe-inline'). Styles allow inline attributes because React renders `style={...}` as such.
 */
export function securityHeaders({ analyticsOrigin, dev }: SecurityOptions): RequestHandler[] {
  const analytics = analyticsOrigin ? [analyticsOrigin] : [];
  const csp = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", (_req, res) => `'nonce-${(res as unknown as { locals: { cspNonce: string } }).locals.cspNonce}'`],
        scriptSrcAttr: ["'none'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", "data:", ...analytics],
        fontSrc: ["'self'"],
        connectSrc: ["'self'", ...analytics, ...(dev ? ["ws:"] : [])],
        mediaSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        frameSrc: ["'none'"],
        manifestSrc: ["'self'"],
        workerSrc: ["'self'"],
      },
    },
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    // HSTS only over TLS (below): sent over plain HTTP it would be ignored at best.
    strictTransportSecurity: false,
    crossOriginEmbedderPolicy: false,
    xFrameOptions: { action: "deny" },
  });
  return [csp, hstsWhenSecure];
}

/**
 * What a compiled script or stylesheet needs of the above, and no more. The policy, framing and
 * referrer headers govern documents; on /build's files they were about 650 of each answer's 1,050
 * header bytes, sent again for each of a form page's 24 files, which a phone on a slow link waits
 * for before its first paint (#16). Kept: no sniffing (a script must be served as one), other
 * sites may not embed them, and HSTS, which a browser honours on any answer over TLS.
 */
export function assetHeaders(): RequestHandler[] {
  return [helmet.xContentTypeOptions(), helmet.crossOriginResourcePolicy({ policy: "same-origin" }), hstsWhenSecure];
}
