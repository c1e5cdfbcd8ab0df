/**
 * Menus edited per language (docs/api-contract.md, "Menus"; ADR 062): the header's and footer's
 * order, labels, pages, external links and groups. The route table still fixes which pages exist,
 * their slugs and the shapes a menu may take (app/lib/site/menu-shapes.ts); a language without a
 * published menu shows the table's default menus.
 */
import { z } from "zod";

/**
 * A language code as the API answers it. Not contract.ts's enum: contract.ts lists this file's
 * public endpoint, and a module both imports and is imported by it would read it half-made.
 */
const LanguageCodeSchema = z.string().regex(/^[a-z]{2}$/);

export const MENU_LABEL_MAX = 60;
export const MENU_URL_MAX = 500;
/** Entries at the top of the header, or groups in the footer; items in one group. */
export const MENU_ENTRIES_MAX = 20;
export const MENU_GROUP_ITEMS_MAX = 30;

/** What an external link's `rel` may say (noopener and noreferrer are always added to a link opened in a new tab). */
export const MENU_RELS = ["nofollow", "noopener", "noreferrer", "sponsored", "ugc"] as const;
export const MenuRelSchema = z.enum(MENU_RELS);

/** Plain text: shown escaped; no line breaks or control characters. */
const LabelSchema = z
  .string()
  .trim()
  .min(1)
  .max(MENU_LABEL_MAX)
  .refine((s) => !/[\u0000-\u001f\u007f]/.test(s), "control characters");
/** A page name of app/route-table.json (checked against the table by menuShapeErrors). */
const PageNameSchema = z.string().regex(/^[a-z0-9-]{1,64}$/);
/** The route table's key of a group (its label key, e.g. "menu.about"). */
const GroupKeySchema = z.string().regex(/^[a-zA-Z.]{1,64}$/);

/** Only http(s), with a host: never javascript:, data: or a relative path. */
export const MenuUrlSchema = z
  .string()
  .trim()
  .max(MENU_URL_MAX)
  .refine((value) => {
    try {
      const url = new URL(value);
      return (url.protocol === "https:" || url.protocol === "http:") && url.hostname !== "" && !url.username && !url.password;
    } catch {
      return false;
    }
  }, "an http or https address");

export const MenuPageLinkSchema = z.object({ type: z.literal("page"), page: PageNameSchema, label: LabelSchema.optional() }).strict();
export const MenuUrlLinkSchema = z
  .object({
    type: z.literal("url"),
    url: MenuUrlSchema,
    label: LabelSchema,
    rel: z.array(MenuRelSchema).max(MENU_RELS.length),
    newTab: z.boolean(),
  })
  .strict();
export const MenuLinkSchema = z.discriminatedUnion("type", [MenuPageLinkSchema, MenuUrlLinkSchema]);
export const MenuGroupSchema = z
  .object({ type: z.literal("group"), group: GroupKeySchema, label: LabelSchema.optional(), items: z.array(MenuLinkSchema).max(MENU_GROUP_ITEMS_MAX) })
  .strict();
export const MenuTreatmentsSchema = z.object({ type: z.literal("treatments"), label: LabelSchema.optional() }).strict();
export const HeaderEntrySchema = z.discriminatedUnion("type", [MenuPageLinkSchema, MenuUrlLinkSchema, MenuGroupSchema, MenuTreatmentsSchema]);

/** One language's menus: the header's entries in order, the footer's groups in order. */
export const MenuDocSchema = z
  .object({
    header: z.array(HeaderEntrySchema).max(MENU_ENTRIES_MAX),
    footer: z.array(MenuGroupSchema).max(MENU_ENTRIES_MAX),
  })
  .strict();

export type MenuLink = z.infer<typeof MenuLinkSchema>;
export type MenuGroup = z.infer<typeof MenuGroupSchema>;
export type HeaderEntry = z.infer<typeof HeaderEntrySchema>;
export type MenuDoc = z.infer<typeof MenuDocSchema>;

/** GET admin/menus/:lang (publish:content): the draft and the published menu of a language (null: none saved, none published). */
export const MenuStateSchema = z.object({
  lang: LanguageCodeSchema,
  draft: MenuDocSchema.nullable(),
  draftSavedAt: z.string().nullable(),
  published: MenuDocSchema.nullable(),
  publishedAt: z.string().nullable(),
});
export type MenuState = z.infer<typeof MenuStateSchema>;

/** GET menus (client token): every language's published menu; a language not listed shows the table's default. */
export const PublishedMenuSchema = z.object({ lang: LanguageCodeSchema, menu: MenuDocSchema, publishedAt: z.string() });
export type PublishedMenu = z.infer<typeof PublishedMenuSchema>;
