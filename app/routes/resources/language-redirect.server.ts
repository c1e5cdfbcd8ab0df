// The language-redirect route's server code, imported through this one module (ADR 019).
export { redirect } from "@remix-run/node";
export { default as i18next } from "~/lib/render/i18next.server";
