import { useForm as useConformForm, type FieldMetadata } from "@conform-to/react";

/** The constraint attributes conform reads from the form's `constraint` option (getInputProps and its kin). */
const CONSTRAINT_KEYS = ["required", "minLength", "maxLength", "min", "max", "step", "pattern", "multiple", "accept"] as const;
/** A field at the top of the form: its metadata is the form's, read at its own name. */
const TOP_LEVEL = /^[A-Za-z_$][\w$]*$/;
/** Names conform refuses as path segments: they stay conform's, to fail as they would. */
const NOT_FIELDS = new Set(["__proto__", "constructor", "prototype"]);

type Constraint = Record<string, Partial<Record<(typeof CONSTRAINT_KEYS)[number], unknown>>>;

/**
 * Conform's `useForm`. On the server, the fields come as plain values read once per render.
 *
 * Conform's field metadata is a proxy that builds a new metadata proxy on every property read
 * and notes each read, so that a re-render happens only for what a component used. The offer
 * form reads about 170 properties per render, and those reads were about a tenth of its server
 * time (#16). A server render happens once, so nothing needs noting: a top-level field's id,
 * names and constraint come from the form's id and the `constraint` option, and its errors and
 * initial value from the form's two maps, read once. Anything else (`key`, `valid`, a fieldset)
 * is conform's own. settled-fields.test.tsx holds every value to conform's for the real forms.
 *
 * In the browser, conform's fields as they are: the reads it notes decide what re-renders.
 */
export const useForm = ((options: Parameters<typeof useConformForm>[0]) => {
  const [form, fields] = useConformForm(options);
  if (typeof document !== "undefined") return [form, fields];
  return [form, settledFields(form, fields, (options.constraint ?? {}) as Constraint)];
}) as typeof useConformForm;

/** What is read of the form: its id and its whole maps of errors and initial values. */
interface FormMaps {
  id: string;
  allErrors: Record<string, unknown>;
  initialValue: unknown;
}

function settledFields<Fields extends object>(form: FormMaps, fields: Fields, constraint: Constraint): Fields {
  const settled = new Map<string, object>();
  let errors: Record<string, unknown> | undefined;
  let values: Record<string, unknown> | undefined;
  // Each read of the form's metadata makes conform build all of it again: read once per render.
  let formId: string | undefined;
  return new Proxy(fields, {
    get(target, name, receiver) {
      if (typeof name !== "string" || !TOP_LEVEL.test(name) || NOT_FIELDS.has(name)) return Reflect.get(target, name, receiver);
      let field = settled.get(name);
      if (!field) {
        errors ??= form.allErrors;
        values ??= (form.initialValue ?? {}) as Record<string, unknown>;
        formId ??= form.id;
        const id = `${formId}-${name}`;
        const known: Record<string, unknown> = {
          id,
          name,
          formId,
          errorId: `${id}-error`,
          descriptionId: `${id}-description`,
          errors: errors[name],
          initialValue: Object.hasOwn(values, name) ? values[name] : undefined,
        };
        for (const key of CONSTRAINT_KEYS) known[key] = constraint[name]?.[key];
        const own = () => Reflect.get(target, name) as FieldMetadata<unknown>;
        field = new Proxy(known, {
          get: (settledValues, key) => (typeof key === "string" && Object.hasOwn(settledValues, key) ? settledValues[key] : Reflect.get(own(), key)),
        });
        settled.set(name, field);
      }
      return field;
    },
  });
}
