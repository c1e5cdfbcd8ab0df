/// <reference types="@remix-run/dev" />
/// <reference types="@remix-run/node" />

// A module, so the declaration below augments @remix-run/node instead of replacing it.
export {};

declare module "@remix-run/node" {
  /** What server.ts hands every loader, action and entry.server. */
  interface AppLoadContext {
    /** The response's CSP nonce. */
    cspNonce: string;
    /** A post whose Origin (or Sec-Fetch-Site) names another site: forms refuse it. */
    crossSite: boolean;
  }
}

declare module "@remix-run/node" {
  /** Loader and action types follow single fetch's serialization (remix.config.js turns it on). */
  interface Future {
    v3_singleFetch: true;
  }
}
