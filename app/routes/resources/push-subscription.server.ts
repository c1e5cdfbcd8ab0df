// The push subscription route's server code, imported through this one module (ADR 019).
export { handlePushForm } from "~/lib/push/subscribe.server";
export { refusalStatus } from "~/lib/platform/http/refusal.server";
