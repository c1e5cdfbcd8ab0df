/**
 * What a posted form may look like, whatever route it goes to (body-guard.server.ts checks every
 * body against it before anything parses the form). The site's largest form, the content editor,
 * has about 80 fields, names such as `texts.ar.uri`, and no list indexes; these limits are far
 * above that and far below what hurts: a name such as `x[200000000]` made conform's parser build
 * an array of that length (the heap filled and V8 aborted), and a body of 50,000 short fields cost
 * seconds of parsing per post.
 */
export const FORM_SHAPE = {
  /** Fields in one body. */
  maxFields: 1_000,
  /** Characters in one field name. */
  maxNameLength: 200,
  /** Parts of a name: `a.b[0].c` has four. */
  maxNameParts: 8,
  /** The largest list index a name may carry (`photos[99]`); a list of 100 is more than any form has. */
  maxIndex: 99,
  /** Files in one multipart body, on the pages that take files at all. */
  maxFiles: 4,
} as const;

/**
 * Names no form of the site posts, refused wherever they come from: conform reserves `__intent__`
 * and `__state__` (their values are JSON it reads on the server: an intent can name a path of its
 * own, and a state that is not JSON throws), and `__proto__`, `constructor` and `prototype` as
 * parts of a name are how a crafted name reaches an object's prototype. The site's forms take
 * conform's intents in the browser (protected-form.tsx) and never send them. A form that one day
 * needs conform's intents on the server must bound them here first.
 */
const RESERVED_NAMES = new Set(["__intent__", "__state__"]);
const RESERVED_PARTS = new Set(["__proto__", "constructor", "prototype"]);

/** A name's parts as form libraries read them: words between dots, and `[n]` list indexes. */
const PART = /([^.[\]]+)|\[(\d*)\]/g;

/** Why a field name is refused, or null when it is an ordinary name. */
export function nameProblem(name: string): string | null {
  if (name.length === 0) return null;
  if (name.length > FORM_SHAPE.maxNameLength) return "a field name is too long";
  if (RESERVED_NAMES.has(name)) return "a reserved field name";
  let parts = 0;
  let end = 0;
  for (const match of name.matchAll(PART)) {
    // Parts follow each other directly or across one dot; anything else is no path a form writes.
    if (match.index !== end && !(match.index === end + 1 && name[end] === ".")) return "a field name that is no path";
    end = match.index + match[0].length;
    if (++parts > FORM_SHAPE.maxNameParts) return "a field name nested too deeply";
    const [, word, index] = match;
    if (word !== undefined && RESERVED_PARTS.has(word)) return "a reserved field name";
    // Compared as text first: a hundred digits would not be a safe number.
    if (index !== undefined && index !== "" && (index.length > 2 || Number(index) > FORM_SHAPE.maxIndex)) return "a list index too large";
  }
  return end === name.length ? null : "a field name that is no path";
}

/** Why the names of a posted form are refused, or null. `names` may be any iterable of the posted names, in order. */
export function namesProblem(names: Iterable<string>): string | null {
  let count = 0;
  for (const name of names) {
    if (++count > FORM_SHAPE.maxFields) return "too many fields";
    const problem = nameProblem(name);
    if (problem) return problem;
  }
  return null;
}

/**
 * Why an `application/x-www-form-urlencoded` body is refused, or null. The fields are counted
 * before any is decoded, so 50,000 of them cost one scan of the bytes, not 50,000 strings.
 */
export function urlEncodedProblem(body: string): string | null {
  let fields = 0;
  for (let at = body.indexOf("&"); at !== -1; at = body.indexOf("&", at + 1)) {
    if (++fields >= FORM_SHAPE.maxFields) return "too many fields";
  }
  return namesProblem(new URLSearchParams(body).keys());
}
