import { parseWithZod } from "@conform-to/zod";
import { z } from "zod";
import { SettingsSchema, type Settings } from "~/lib/platform/api/admin-contract";

const { social } = SettingsSchema.shape;

/**
 * The settings form's schema: the contract's, except that a social link left empty arrives as
 * missing (conform reads an empty field as no value); toSettings makes it "" again for the API.
 */
export const SettingsFormSchema = SettingsSchema.extend({
  social: z
    .object({
      facebook: social.shape.facebook.optional(),
      instagram: social.shape.instagram.optional(),
      youtube: social.shape.youtube.optional(),
      linkedin: social.shape.linkedin.optional(),
    })
    .optional(),
});
type SettingsForm = z.infer<typeof SettingsFormSchema>;

export const toSettings = ({ social: links = {}, ...rest }: SettingsForm): Settings => ({
  ...rest,
  social: { facebook: links.facebook ?? "", instagram: links.instagram ?? "", youtube: links.youtube ?? "", linkedin: links.linkedin ?? "" },
});

const MESSAGES = "admin:settings.errors";

/** Each problem as a key under admin's settings.errors (never zod's English): the field tells the staff member what to fix. */
export const settingsErrorMap: z.ZodErrorMap = (issue, ctx) => {
  const message = (key: string) => ({ message: `${MESSAGES}.${key}` });
  if (issue.code === z.ZodIssueCode.invalid_type && ctx.data === undefined) return message("required");
  if (issue.code === z.ZodIssueCode.too_small) return message("required");
  if (issue.code === z.ZodIssueCode.too_big) return message("tooLong");
  // The schema's one pattern is the phone numbers', its one refinement the web addresses'.
  if (issue.code === z.ZodIssueCode.invalid_string && issue.validation === "regex") return message("phone");
  if (issue.code === z.ZodIssueCode.invalid_string && issue.validation === "email") return message("email");
  if (issue.code === z.ZodIssueCode.custom) return message("url");
  return message("invalid");
};

export const parseSettingsForm = (formData: FormData) => parseWithZod(formData, { schema: SettingsFormSchema, errorMap: settingsErrorMap });
