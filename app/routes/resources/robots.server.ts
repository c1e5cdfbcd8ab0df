// The robots route's server code, imported through this one module (ADR 019).
export { config } from "~/config.server";
