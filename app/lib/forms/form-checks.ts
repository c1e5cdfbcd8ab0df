import type { Submission } from "@conform-to/react";
import { useSyncExternalStore } from "react";
import type { z } from "zod";
import { loadPhoneRules } from "~/lib/forms/phone-rules";
import type { FORM_SCHEMAS } from "~/lib/forms/schemas";

/*
 * The lead forms' checks in the browser: their zod schemas (with zod, 14 KB of gzip) load on their
 * own when the visitor first touches a form (ProtectedForm), like the phone rules (phone-rules.ts),
 * not with the page: they were the largest script a phone fetched before the form page's first
 * paint, and then a long task while it loaded (#16). The fields' HTML
 * constraints come from the loader, so the page renders without them. Until they arrive a form
 * checks nothing itself: ProtectedForm holds a send for them (a few seconds at most) and keeps a
 * field's check for when they come; the server checks everything either way.
 */
type FormSchemas = typeof FORM_SCHEMAS;
export type FormName = keyof FormSchemas;

let schemas: typeof import("~/lib/forms/schemas") | null = null;
let loading: Promise<void> | null = null;
const listeners = new Set<() => void>();

/** Loads the schemas and the phone rules (once); rejects when either could not be fetched. */
export function loadFormChecks(): Promise<void> {
  loading ??= Promise.all([
    import("~/lib/forms/schemas").then((loaded) => {
      schemas = loaded;
      for (const listener of listeners) listener();
    }),
    loadPhoneRules(),
  ]).then(
    () => undefined,
    (error: unknown) => {
      // A chunk the browser could not fetch: the next form asks again (the server still checks).
      loading = null;
      throw error;
    },
  );
  return loading;
}

/** Whether the browser can check a form itself. */
export const formChecksLoaded = () => schemas !== null;

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** Re-renders when the schemas arrive; false on the server and while hydrating. */
export const useFormChecksLoaded = () => useSyncExternalStore(subscribe, formChecksLoaded, () => false);

/**
 * conform's onValidate for a lead form: undefined until the schemas are here, so that conform
 * leaves the checking to the server meanwhile (ProtectedForm sends nothing for a field's check).
 */
export function useFormCheck<Name extends FormName>(name: Name) {
  const loaded = useFormChecksLoaded();
  if (!loaded || !schemas) return undefined;
  const { parseForm, FORM_SCHEMAS: forms } = schemas;
  return ({ formData }: { formData: FormData }) => parseForm(formData, forms[name]) as Submission<z.output<FormSchemas[Name]>>;
}
