/// <reference types="@remix-run/dev" />
/// <reference types="@remix-run/node" />

// A module, so the declaration below augments @remix-run/node instead of replacing it.
export {};

declare module "@remix-run/node" {
  /** What server.ts hands every loader, action and entry.server: the response's CSP nonce. */
  interface AppLoadContext {
    cspNonce: string;
  }
}
