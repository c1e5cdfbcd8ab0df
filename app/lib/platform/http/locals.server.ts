import type { Staff } from "~/lib/admin/sessions.server";
import type { GuardedBody } from "~/lib/platform/http/body-guard.server";
import type { Refusal } from "~/lib/platform/http/refusal.server";

/*
 * What server.ts's middleware leaves in express's `res.locals` for the ones after it, typed here once
 * (express's documented `Locals`), so each value has one type where it is written and where it
 * enters the load context (server.ts, remix-handler.server.ts). The stand-in backend's express app
 * (backend/) keeps keys of its own, none of these.
 */
declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace -- express's types are declared in this namespace
  namespace Express {
    interface Locals {
      /** This response's CSP nonce (security.server.ts). */
      cspNonce: string;
      /** The largest body this request may send (body-limit.server.ts). */
      bodyLimit?: number;
      /** A post's body, read and checked (body-guard.server.ts); Remix reads this, never the socket. */
      guardedBody?: GuardedBody;
      /** Why express refused the request before Remix read it (refusal.server.ts). */
      refusal?: Refusal;
      /** A back-office request (server.ts): never kept by the page cache. */
      admin?: boolean;
      /** The signed-in staff member of a back-office request (server.ts reads the session). */
      signedInStaff?: Staff | null;
    }
  }
}

export {};
