/// <reference types="@remix-run/dev" />
/// <reference types="@remix-run/node" />

import type { Refusal } from "./app/lib/platform/http/refusal.server";
import type { SiteContext } from "./app/lib/platform/load-context.server";

declare module "@remix-run/node" {
  /**
   * What server.ts hands every loader, action and entry.server (docs/decisions/012): what
   * app/lib/platform/load-context.server.ts lists, made per request by app/lib/platform/services.server.ts, plus
   * the Remix handler's judgement of a post (app/lib/platform/http/remix-handler.server.ts).
   */
  interface AppLoadContext extends SiteContext {
    /** A post whose Origin (or Sec-Fetch-Site) names another site: forms refuse it. */
    crossSite: boolean;
    /** A post with JavaScript that express refused (rate limit, size): the action answers it, unread. */
    refusal: Refusal | null;
  }
}

declare module "@remix-run/node" {
  /** Loader and action types follow single fetch's serialization (remix.config.js turns it on). */
  interface Future {
    v3_singleFetch: true;
  }
}
