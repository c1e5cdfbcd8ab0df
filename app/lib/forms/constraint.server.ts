import { getZodConstraint } from "@conform-to/zod";
import type { FormName } from "~/lib/forms/form-checks";
import { FORM_SCHEMAS } from "~/lib/forms/schemas";

type Constraints = ReturnType<typeof getZodConstraint>;
const constraints = new Map<FormName, Constraints>();

/**
 * A lead form's HTML constraints (required, maxLength…), derived from its schema once and sent in
 * the loader data: the browser renders the form without the schemas (form-checks.ts).
 */
export function formConstraint(name: FormName): Constraints {
  let found = constraints.get(name);
  if (!found) {
    found = getZodConstraint(FORM_SCHEMAS[name]);
    constraints.set(name, found);
  }
  return found;
}
