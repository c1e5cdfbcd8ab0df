// The cities route's server code, imported through this one module (ADR 019).
export { getCities } from "~/lib/platform/api/content.server";
