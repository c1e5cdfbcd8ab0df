import type { i18n } from "i18next";

/** Keys come from the code (a few hundred), but a bound keeps a key built from input from growing a list. */
const MAX_KEYS = 2_000;

type Lookup = ((key: unknown, ...rest: unknown[]) => unknown) & { lng?: unknown; ns?: unknown; keyPrefix?: unknown };

/**
 * Rendering asks a render instance for the same strings on every request (home: 121 lookups of 93
 * keys), and each lookup through i18next costs about 6 µs: a tenth of a render's CPU in a profile.
 * The instance only reads bundled translations and never changes language, so it hands out one `t`
 * per language, namespaces and key prefix (react-i18next asks for one per component), and that `t`
 * keeps the answer to a lookup without options, one that i18next answers the same way every time.
 * Anything else (values, a count, a default) still goes through i18next.
 */
export function keepPlainLookups(instance: i18n): i18n {
  const getFixedT = instance.getFixedT.bind(instance) as unknown as (...args: unknown[]) => Lookup;
  const handedOut = new Map<string, Lookup>();
  instance.getFixedT = ((lng: unknown, ns: unknown, keyPrefix: unknown) => {
    const id = `${String(lng)}|${String(ns)}|${String(keyPrefix)}`;
    let t = handedOut.get(id);
    if (!t) {
      const lookup = getFixedT(lng, ns, keyPrefix);
      const kept = new Map<string, unknown>();
      const keeping: Lookup = (key, ...rest) => {
        if (typeof key !== "string" || rest.length > 0) return lookup(key, ...rest);
        let value = kept.get(key);
        if (value === undefined) {
          value = lookup(key);
          if (kept.size < MAX_KEYS) kept.set(key, value);
        }
        return value;
      };
      // What i18next's fixed t carries, which react-i18next reads.
      t = Object.assign(keeping, { lng: lookup.lng, ns: lookup.ns, keyPrefix: lookup.keyPrefix });
      if (handedOut.size < MAX_KEYS) handedOut.set(id, t);
    }
    return t;
  }) as unknown as i18n["getFixedT"];
  return instance;
}
