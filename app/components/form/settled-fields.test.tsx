import { getInputProps, getSelectProps, getTextareaProps, type FieldMetadata, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint } from "@conform-to/zod";
import { renderToString } from "react-dom/server";
import { beforeAll, describe, expect, test } from "vitest";
import { useForm } from "~/components/form/settled-fields";
import { DEFAULT_COUNTRY } from "~/lib/forms/choices";
import { schemaFields } from "~/lib/forms/known-fields.server";
import { loadPhoneRules } from "~/lib/forms/phone-rules";
import { FORM_SCHEMAS, parseForm } from "~/lib/forms/schemas";

beforeAll(loadPhoneRules);

const KEYS = ["id", "name", "formId", "errorId", "descriptionId", "errors", "initialValue", "required", "minLength", "maxLength", "min", "max", "step", "pattern", "multiple", "accept", "key", "valid", "dirty", "value", "defaultValue"] as const;

type Fields = Record<string, FieldMetadata<unknown>>;

/** What a component sees of every field, read from the fields it is given. */
function seen(fields: Fields, names: string[]) {
  return names.map((name) => {
    const field = fields[name];
    return {
      name,
      values: KEYS.map((key) => [key, field[key as keyof typeof field]]),
      input: getInputProps(field, { type: "text", ariaDescribedBy: "hint" }),
      checkbox: getInputProps(field, { type: "checkbox" }),
      select: getSelectProps(field),
      textarea: getTextareaProps(field),
    };
  });
}

/** Renders a form on the server and returns what its fields gave, settled and conform's own. */
function render(form: keyof typeof FORM_SCHEMAS, lastResult?: SubmissionResult<string[]>) {
  const names = [...schemaFields(FORM_SCHEMAS[form]), "notInTheSchema"];
  let result: { settled: ReturnType<typeof seen>; conform: ReturnType<typeof seen>; same: boolean } | undefined;
  function Form() {
    const [meta, fields] = useForm({ id: `${form}-form`, lastResult, constraint: getZodConstraint(FORM_SCHEMAS[form]), defaultValue: { phoneCountry: DEFAULT_COUNTRY, country: DEFAULT_COUNTRY } });
    const settled = fields as unknown as Fields;
    result = { settled: seen(settled, names), conform: seen(meta.getFieldset() as unknown as Fields, names), same: settled.name === settled.name };
    return null;
  }
  renderToString(<Form />);
  return result!;
}

describe("a form's fields on the server, read once per render", () => {
  for (const form of Object.keys(FORM_SCHEMAS) as (keyof typeof FORM_SCHEMAS)[]) {
    test(`the ${form} form's fields give what conform's give: fresh, and sent back with errors and the typed values`, () => {
      const fresh = render(form);
      // The settled fields are in use (conform's make a new proxy on every read).
      expect(fresh.same).toBe(true);
      expect(fresh.settled).toEqual(fresh.conform);
      expect(fresh.settled.find((field) => field.name === "phoneCountry")?.select.defaultValue).toBe(DEFAULT_COUNTRY);

      const posted = new FormData();
      for (const [name, value] of [["name", "Elif Kaya"], ["email", "not an email"], ["phone", "12"], ["phoneCountry", "TR"], ["message", "Hello"], ["country", "DE"]]) posted.set(name, value);
      const reply = parseForm(posted, FORM_SCHEMAS[form]).reply({ formErrors: ["csrf"] }) as SubmissionResult<string[]>;
      const sent = render(form, reply);
      expect(sent.settled).toEqual(sent.conform);
      const email = sent.settled.find((field) => field.name === "email")!;
      expect(email.input).toMatchObject({ defaultValue: "not an email", "aria-invalid": true });
      expect(email.input["aria-describedby"]).toContain(`${form}-form-email-error`);
    });
  }
});
