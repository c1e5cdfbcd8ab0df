// The not-found route's server code, imported through this one module (ADR 019).
export { default as i18next } from "~/i18next.server";
