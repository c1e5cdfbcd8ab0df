import { readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import type { Resource } from "i18next";

export type Resources = Resource;

// Translations are read once at start-up; a request never touches the disk for them.
function readLocales(dir: string): Resources {
  const resources: Resources = {};
  for (const lang of readdirSync(dir)) {
    resources[lang] = {};
    for (const file of readdirSync(join(dir, lang))) {
      if (!file.endsWith(".json")) continue;
      resources[lang][file.replace(/\.json$/, "")] = JSON.parse(readFileSync(join(dir, lang, file), "utf8"));
    }
  }
  return resources;
}

// From the working folder, as express serves them to browsers (server.ts `/locales`).
export const resources = readLocales(resolve("locales"));
