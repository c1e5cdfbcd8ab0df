import type { i18n, TFunction } from "i18next";

/** Keys come from the code (a few hundred), but a bound keeps a key built from input from growing a list. */
const MAX_KEYS = 2_000;

/**
 * Rendering asks a render instance for the same strings on every request (home: 121 lookups of 93
 * keys), and each lookup through i18next costs about 6 µs: a tenth of a render's CPU in a profile.
 * The instance only reads bundled translations and never changes language, so each `t` it hands out
 * (react-i18next asks for one per component) keeps the answer to a lookup without options, one that
 * i18next answers the same way every time, in a list per language, namespaces and key prefix.
 * Anything else (values, a count, a default) still goes through i18next.
 */
export function keepPlainLookups(instance: i18n): i18n {
  const getFixedT = instance.getFixedT.bind(instance) as (...args: unknown[]) => TFunction;
  const lists = new Map<string, Map<string, unknown>>();
  instance.getFixedT = ((lng: unknown, ns: unknown, keyPrefix: unknown) => {
    const lookup = getFixedT(lng, ns, keyPrefix) as unknown as (...args: unknown[]) => unknown;
    const id = `${String(lng)}|${String(ns)}|${String(keyPrefix)}`;
    let found = lists.get(id);
    if (!found) lists.set(id, (found = new Map()));
    const list = found;
    const t = (key: unknown, ...rest: unknown[]) => {
      if (typeof key !== "string" || rest.length > 0) return lookup(key, ...rest);
      let value = list.get(key);
      if (value === undefined) {
        value = lookup(key);
        if (list.size < MAX_KEYS) list.set(key, value);
      }
      return value;
    };
    // What i18next's fixed t carries, which react-i18next reads.
    return Object.assign(t, { lng: (lookup as { lng?: unknown }).lng, ns: (lookup as { ns?: unknown }).ns, keyPrefix: (lookup as { keyPrefix?: unknown }).keyPrefix });
  }) as unknown as i18n["getFixedT"];
  return instance;
}
