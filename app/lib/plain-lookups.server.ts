import type { i18n } from "i18next";

/** What react-i18next's fixed `t` adds to every call; a call with nothing else asks for a plain string. */
const FIXED_T_OPTIONS = new Set(["lng", "lngs", "ns", "keyPrefix"]);
/** Keys come from the code (a few hundred), but a bound keeps a key built from input from growing it. */
const MAX_KEYS = 4_000;

function isPlain(options: unknown): options is Record<string, unknown> | undefined {
  if (options === undefined) return true;
  if (typeof options !== "object" || options === null) return false;
  for (const name in options) if (!FIXED_T_OPTIONS.has(name) && (options as Record<string, unknown>)[name] !== undefined) return false;
  return true;
}

/**
 * Rendering asks a render instance for the same strings on every request (home: 121 lookups of 93
 * keys), and each lookup through i18next costs about 6 µs: a tenth of a render's CPU in a profile.
 * The instance only reads bundled translations, so a lookup without values or a count (one that
 * i18next answers the same way every time) is kept after its first answer. Anything else, such as
 * interpolation or plurals, still goes through i18next.
 */
export function keepPlainLookups(instance: i18n): i18n {
  const lookup = instance.t.bind(instance) as (key: unknown, options?: unknown) => unknown;
  const found = new Map<string, unknown>();
  const t = (key: unknown, options?: unknown) => {
    if (typeof key !== "string" || !isPlain(options)) return lookup(key, options);
    const id = options ? `${String(options.lng)}|${String(options.lngs)}|${String(options.ns)}|${String(options.keyPrefix)}|${key}` : key;
    let value = found.get(id);
    if (value === undefined) {
      value = lookup(key, options);
      if (found.size < MAX_KEYS) found.set(id, value);
    }
    return value;
  };
  instance.t = t as i18n["t"];
  return instance;
}
