/**
 * The specification's notification sources (ADR 058): a notification admin's own message, a
 * published bulletin's announcement, and a new deal, treatment or blog post ("new discovery", the
 * default). Without zod, so the footer's opt-in can name them at no cost to the page's script.
 */
export const PUSH_SOURCES = [
  { id: 1, name: "admin" },
  { id: 2, name: "bulletin" },
  { id: 3, name: "newDiscovery" },
] as const;
export const PUSH_SOURCE_IDS = [1, 2, 3] as const;
export type PushSourceId = (typeof PUSH_SOURCE_IDS)[number];
export const DEFAULT_PUSH_SOURCE: PushSourceId = 3;
