/**
 * The back office's part of the API contract (docs/api-contract.md, "Staff"): sign-in at the
 * identity API, and the admin endpoints the site calls with a staff member's own bearer token.
 * Shared by the site's server-side client and backend/, like contract.ts.
 */
import { z } from "zod";
import { ActiveUsersSchema } from "./analytics-contract";
import { ContentItemSchema, ContentSummarySchema, ContentVersionSchema, ContentVersionSummarySchema, ContentWriteResultSchema } from "./content-contract";
import { itemOf, LanguageCodeSchema, listOf, SettingsSchema, type postEndpoints } from "./contract";
import { LEAD_KINDS } from "./lead-kinds";
import { DownloadFiguresSchema } from "./downloads-contract";
import { ConsentRecordsSchema, SubscriptionOverviewSchema } from "./subscriptions-contract";
import { BulletinItemSchema, BulletinListSchema, BulletinOpensSettingSchema, BulletinVersionItemSchema, BulletinVersionListSchema } from "./bulletins-contract";
import { MenuStateSchema } from "./menus-contract";
import { BrowserErrorsSchema } from "./browser-errors-contract";
import { FormItemSchema, FormListSchema, FormVersionItemSchema } from "./forms-contract";
import { FormFunnelsSchema } from "./form-funnels-contract";
import { CustomerActiveUsersSchema } from "./customer-active-users-contract";
import { IMAGE_ID, MAX_IMAGE_WIDTH } from "./media-urls";
import { PushCountSchema, PushNoticesSchema, PushNotificationsSchema, PushSourcesSchema } from "./push-contract";

/* Permissions, `action:entity` as in the Epic Stack. */

export const PERMISSIONS = [
  "read:lead",
  "write:lead",
  "export:lead",
  "delete:lead",
  "read:outbox",
  "write:outbox",
  "read:dashboard",
  "read:settings",
  "write:settings",
  "read:user",
  "write:user",
  "read:audit",
  /** The mail the site sent or kept (/admin/mail): it holds password-reset links, so the owner's only. */
  "read:mail",
  "read:content",
  "write:content",
  "publish:content",
  /** Bulletins (ADR 057): writing drafts and sending a test to oneself; sending to a list is send:bulletin. */
  "write:bulletin",
  /** Sending a bulletin to a list's subscribers, now or at a time, and cancelling that: the owner's. */
  "send:bulletin",
  /** Writing and sending web push notifications (/admin/notifications, ADR 058): the notification admin's. */
  "send:notification",
] as const;
export type Permission = (typeof PERMISSIONS)[number];
export const PermissionSchema = z.enum(PERMISSIONS);

export const ROLES = ["owner", "coordinator", "editor", "viewer"] as const;
export type Role = (typeof ROLES)[number];
export const RoleSchema = z.enum(ROLES);

/** What each role may do. The owner may do everything; a viewer only reads. */
export const ROLE_PERMISSIONS: Record<Role, readonly Permission[]> = {
  owner: PERMISSIONS,
  coordinator: ["read:lead", "write:lead", "export:lead", "delete:lead", "read:outbox", "write:outbox", "read:dashboard"],
  editor: ["read:content", "write:content", "publish:content", "read:dashboard", "write:bulletin"],
  viewer: ["read:lead", "read:outbox", "read:dashboard", "read:settings", "read:content"],
};

/**
 * What the notification-admin grant adds to a user's role (the specification's role 9, ADR 058): a
 * grant beside the role rather than a fifth role, so an editor or a coordinator can also be one.
 */
export const NOTIFICATION_ADMIN_PERMISSIONS: readonly Permission[] = ["send:notification"];

/** What a user may do: their role's permissions, and the notification admin's when they hold that grant. */
export function permissionsOf(user: { role: Role; notificationAdmin: boolean }): Permission[] {
  const granted = new Set<Permission>(ROLE_PERMISSIONS[user.role]);
  if (user.notificationAdmin) for (const permission of NOTIFICATION_ADMIN_PERMISSIONS) granted.add(permission);
  return PERMISSIONS.filter((permission) => granted.has(permission));
}

/** The back office's own languages: staff read English or Turkish. */
export const STAFF_LANGUAGES = ["en", "tr"] as const;
export const StaffLanguageSchema = z.enum(STAFF_LANGUAGES);
export type StaffLanguage = z.infer<typeof StaffLanguageSchema>;

/** Passwords: at least 12 characters (and a bound, so hashing a crafted megabyte costs nothing). */
export const PasswordSchema = z.string().min(12).max(200);
export const EmailSchema = z.string().trim().toLowerCase().email().max(200);

/* Identity: {IDENTITY_URL}/api/auth/… (called with the site's client-credentials token). */

export const StaffUserSchema = z.object({
  id: z.number().int().positive(),
  email: z.string(),
  name: z.string(),
  language: StaffLanguageSchema,
  role: RoleSchema,
  /** The notification-admin grant (ADR 058); an API that predates it grants it to nobody. */
  notificationAdmin: z.boolean().default(false),
  disabled: z.boolean(),
});
export type StaffUser = z.infer<typeof StaffUserSchema>;

export const LoginPayloadSchema = z.object({
  email: z.string().max(200),
  password: z.string().max(200),
  /** The staff member's address as the site saw it: the identity API slows an address that keeps failing. */
  clientIp: z.string().max(64).optional(),
  /** The browser's User-Agent as the site saw it: the user page's list of sessions names the device by it. */
  userAgent: z.string().max(500).optional(),
});
/** A sign-in's second step (POST auth/login/code): the pending sign-in's token and a TOTP or recovery code. */
export const SecondStepPayloadSchema = z.object({
  pending: z.string().min(1).max(200),
  code: z.string().max(40),
  clientIp: z.string().max(64).optional(),
});
/**
 * POST auth/login's 202: the password was right, and the user's code is asked next ("code"), or the
 * setup of two-factor sign-in their role requires and they have not done ("enrol", ADR 047).
 */
export const SecondStepSchema = itemOf(z.object({ secondStep: z.enum(["code", "enrol"]), pending: z.string(), expiresIn: z.number() }));
/** POST auth/login/setup: the pending sign-in of a user who must set up two factors; answers TwoFactorSetupSchema. */
export const PendingSetupPayloadSchema = z.object({ pending: z.string().min(1).max(200) });
/** The roles the owner requires two-factor sign-in of (admin/two-factor-policy). */
export const TwoFactorPolicySchema = z.object({ requiredRoles: z.array(RoleSchema).max(ROLES.length) });
export const RefreshPayloadSchema = z.object({ refreshToken: z.string().min(1).max(200) });

/** A staff member with what they may do. */
const StaffWithPermissionsSchema = StaffUserSchema.extend({ permissions: z.array(PermissionSchema) });

/** A sign-in or a refresh: a short-lived access token carrying the permissions, and a refresh token. */
export const SessionTokensSchema = itemOf(
  z.object({
    accessToken: z.string().min(1),
    /** Seconds the access token lives. */
    expiresIn: z.number().int().positive(),
    refreshToken: z.string().min(1),
    user: StaffWithPermissionsSchema,
    /** A sign-in that set up two factors as its second step: the recovery codes, shown once. */
    recoveryCodes: z.array(z.string()).optional(),
  }),
);
export type SessionTokens = z.infer<typeof SessionTokensSchema>["result"];

/**
 * GET auth/session with the staff access token: whose it is now, and the permissions the API will
 * honour for it now (the token's, as far as the user's current role still grants them). 401 once
 * the session was signed out or revoked, or the user disabled.
 */
export const CurrentStaffSchema = itemOf(StaffWithPermissionsSchema);
export type CurrentStaff = z.infer<typeof CurrentStaffSchema>["result"];

/**
 * Why a sign-in was refused: the same words for a wrong password and an unknown e-mail. `locked`
 * is a 429 whose Retry-After says how many seconds to wait (the backend's throttle, ADR 031).
 */
export const AUTH_ERRORS = { invalid: "invalid_credentials", locked: "locked", invalidCode: "invalid_code", pendingExpired: "pending_expired" } as const;

/* Leads (admin/leads…, the staff member's bearer). */

export { LEAD_KINDS };
export const LeadKindSchema = z.enum(LEAD_KINDS);
export type LeadKind = z.infer<typeof LeadKindSchema>;

/** The pipeline's stages, in the order a lead moves through them: the board's columns. */
export const LEAD_STAGES = ["new", "contacted", "offer_sent", "booked", "treated", "lost"] as const;
/** A lead's status: a stage, or spam, kept apart (no column of the board; left out of lists unless asked for). */
export const LEAD_STATUSES = [...LEAD_STAGES, "spam"] as const;
export const LeadStatusSchema = z.enum(LEAD_STATUSES);
export type LeadStatus = z.infer<typeof LeadStatusSchema>;
/** Codes of statuses before the pipeline (ADR 044): leads were migrated, audit entries still carry them. */
export const FORMER_STATUSES: Readonly<Record<string, LeadStatus>> = { in_progress: "contacted", won: "booked" };

/** An offer's currencies. */
export const CURRENCIES = ["EUR", "USD", "GBP", "TRY"] as const;
export const CurrencySchema = z.enum(CURRENCIES);
/** Where a lead entered by hand came from. */
export const HAND_SOURCES = ["phone", "walk_in", "whatsapp", "email", "other"] as const;
export const HandSourceSchema = z.enum(HAND_SOURCES);
/** The inbox's views: the caller's leads, nobody's, and those whose follow-up day has passed while still open. */
export const LEAD_VIEWS = ["mine", "unassigned", "overdue"] as const;
export const LEAD_SORTS = ["received", "followUp", "stage", "value"] as const;
/** How many leads one bulk change may name. */
export const BULK_LIMIT = 50;

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
export const LeadQuerySchema = z.object({
  pageIndex: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
  kind: LeadKindSchema.optional(),
  status: LeadStatusSchema.optional(),
  language: LanguageCodeSchema.optional(),
  /** Received on or after this day (the clinic's, Istanbul). */
  from: isoDate.optional(),
  /** Received on or before this day (the clinic's, Istanbul). */
  to: isoDate.optional(),
  /** Words of a name, e-mail or message, or a phone however typed; folded for case and accents in every script (ADR 042). */
  q: z.string().trim().max(100).optional(),
  view: z.enum(LEAD_VIEWS).optional(),
  /** received (newest first, the default), followUp and value (soonest, highest first; none last), stage (the pipeline's order). */
  sort: z.enum(LEAD_SORTS).optional(),
  /** The reader's day (the clinic's), for "overdue": a follow-up before it has passed. The clinic's today if absent. */
  today: isoDate.optional(),
});
export type LeadQuery = z.infer<typeof LeadQuerySchema>;

const Person = z.object({ id: z.number().int(), name: z.string() });

export const LeadSummarySchema = z.object({
  id: z.number().int(),
  kind: LeadKindSchema,
  /** Where the visitor came from (website, magazine, gabon-newsletter), for offers and contacts. */
  source: z.string().nullable(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  language: LanguageCodeSchema,
  status: LeadStatusSchema,
  assignee: Person.nullable(),
  receivedAt: z.string(),
  offer: z.object({ value: z.number().int(), currency: CurrencySchema }).nullable(),
  /** The day to get back to the patient, `YYYY-MM-DD`. */
  followUpOn: isoDate.nullable(),
  /** Who entered the lead by hand (a phone call, a walk-in); null for one a form sent. */
  enteredBy: Person.nullable(),
  /** In a list: the staff member asking has not opened it yet (admin/leads/{id} marks it read for them). */
  unread: z.boolean().optional(),
});
export type LeadSummary = z.infer<typeof LeadSummarySchema>;

/** A note's earlier text: who wrote it and when, before it was edited. */
const NoteVersion = z.object({ author: Person.nullable(), text: z.string(), at: z.string() });
export const LeadNoteSchema = z.object({
  id: z.number().int(),
  author: Person,
  text: z.string(),
  createdAt: z.string(),
  /** The last edit, if any: who and when; `earlier` holds the texts it replaced, oldest first. */
  edited: z.object({ by: Person.nullable(), at: z.string() }).nullable(),
  earlier: z.array(NoteVersion),
});

/** One change of the lead's handling: status, assignee or a pipeline field; values as codes, ids, days and numbers. */
export const LEAD_HISTORY_FIELDS = ["status", "assignee", "offer", "followUpOn", "lostReason", "entered"] as const;
export const LeadHistoryEntrySchema = z.object({
  at: z.string(),
  actor: Person.nullable(),
  field: z.enum(LEAD_HISTORY_FIELDS),
  from: z.string().nullable(),
  to: z.string().nullable(),
});
export type LeadHistoryEntry = z.infer<typeof LeadHistoryEntrySchema>;

export const LeadDetailSchema = LeadSummarySchema.extend({
  /** Every field as the visitor typed it (the lead's payload as the API stored it). */
  fields: z.record(z.union([z.string(), z.number(), z.boolean(), z.null()])),
  notes: z.array(LeadNoteSchema),
  /** A job application's photo, served by admin/leads/{id}/photo. */
  photo: z.object({ contentType: z.string(), size: z.number().int() }).nullable(),
  /** A built form's files by field key (ADR 065), served by admin/leads/{id}/files/{field}: a photo, or a PDF only ever downloaded. */
  files: z.array(z.object({ field: z.string(), contentType: z.string(), size: z.number().int() })).default([]),
  lostReason: z.string().nullable(),
  /** The first status change or note by staff after the lead came in. */
  firstAnswerAt: z.string().nullable(),
  /** The patient the lead belongs to (ADR 048). */
  patientId: z.number().int().nullable(),
  /** Oldest first. */
  history: z.array(LeadHistoryEntrySchema),
});
export type LeadDetail = z.infer<typeof LeadDetailSchema>;

/** A lead in the export: its fields without the notes' words, and how many notes it has. */
export const LeadExportItemSchema = LeadDetailSchema.extend({ notesCount: z.number().int().nonnegative() });
export type LeadExportItem = z.infer<typeof LeadExportItemSchema>;

/* Patients (ADR 048): every lead belongs to one; leads that share a matching key are suggested as one. */

/** A patient as the list shows them: named as their newest lead names them. */
export const PatientSummarySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  leadsCount: z.number().int().nonnegative(),
  lastAt: z.string(),
  languages: z.array(LanguageCodeSchema),
});
export type PatientSummary = z.infer<typeof PatientSummarySchema>;

/** A patient with every lead, newest first, each with its notes and history. */
export const PatientDetailSchema = PatientSummarySchema.extend({ createdAt: z.string(), leads: z.array(LeadDetailSchema) });
export type PatientDetail = z.infer<typeof PatientDetailSchema>;

/** Two patients whose leads share the e-mail or the phone: a person confirms (merges) or dismisses. */
export const PatientSuggestionSchema = z.object({
  patients: z.tuple([PatientSummarySchema, PatientSummarySchema]),
  keys: z.array(z.enum(["email", "phone"])),
});
export type PatientSuggestion = z.infer<typeof PatientSuggestionSchema>;

export const PatientQuerySchema = z.object({
  pageIndex: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
  /** As the inbox's q: folded words of a name, e-mail or message, or a phone however typed. */
  q: z.string().trim().max(100).optional(),
});

/** `POST admin/patients/{id}/merge`: every lead of patient `from` becomes this patient's. */
export const PatientMergeSchema = z.object({ from: z.number().int().positive() });
/** `POST admin/patients/suggestions/dismiss`: the pair is no longer suggested. */
export const PatientDismissSchema = z.object({ patients: z.tuple([z.number().int().positive(), z.number().int().positive()]) });

export const LeadUpdateSchema = z.object({
  status: LeadStatusSchema.optional(),
  /** null: nobody. */
  assigneeId: z.number().int().positive().nullable().optional(),
  /** Whole units of offerCurrency; null clears the offer. Both or neither. */
  offerValue: z.number().int().min(0).max(100_000_000).nullable().optional(),
  offerCurrency: CurrencySchema.nullable().optional(),
  /** Why the lead was lost (kept with status lost). */
  lostReason: z.string().trim().max(500).nullable().optional(),
  followUpOn: isoDate.nullable().optional(),
});
export type LeadUpdate = z.infer<typeof LeadUpdateSchema>;

/** POST admin/leads/bulk: one change to several leads, at most BULK_LIMIT. */
export const LeadBulkSchema = z
  .object({
    ids: z.array(z.number().int().positive()).min(1).max(BULK_LIMIT),
    status: LeadStatusSchema.optional(),
    assigneeId: z.number().int().positive().nullable().optional(),
  })
  .refine((bulk) => bulk.status !== undefined || bulk.assigneeId !== undefined, { message: "Nothing to change" });

/** POST admin/leads: a lead a staff member enters by hand (a phone call, a walk-in, a message). */
export const LeadCreateSchema = z
  .object({
    source: HandSourceSchema,
    formType: z.enum(["offer", "contact"]),
    name: z.string().trim().min(1).max(120),
    email: z.string().trim().email().max(200).optional(),
    phone: z
      .string()
      .regex(/^\+\d{6,15}$/)
      .optional(),
    languageCode: LanguageCodeSchema,
    countryCode: z.string().length(2).optional(),
    treatmentId: z.number().int().positive().optional(),
    message: z.string().trim().max(5000),
  })
  .refine((lead) => lead.email !== undefined || lead.phone !== undefined, { message: "An e-mail or a phone", path: ["email"] });
export type LeadCreate = z.infer<typeof LeadCreateSchema>;
export const LeadNotePayloadSchema = z.object({ text: z.string().trim().min(1).max(5000) });
/** A note's optional `Idempotency-Key` header (the site sends a UUID made with the page's form). */
export const NOTE_KEY = /^[A-Za-z0-9-]{16,64}$/;

/** The export: every lead the filters match, whole, up to this many. */
export const EXPORT_LIMIT = 10_000;

/* Figures of a period (admin/analytics/customers): see docs/api-contract.md. */

const Figure = z.object({ key: z.string(), leads: z.number().int(), patients: z.number().int(), medianFirstAnswerMinutes: z.number().nullable() });
export const CustomerFiguresSchema = itemOf(
  z.object({
    from: isoDate,
    to: isoDate,
    leads: z.number().int(),
    patients: z.number().int(),
    medianFirstAnswerMinutes: z.number().nullable(),
    weeks: z.array(z.object({ week: isoDate, leads: z.number().int(), patients: z.number().int() })),
    funnel: z.array(z.object({ stage: LeadStatusSchema, count: z.number().int() })),
    byCoordinator: z.array(Figure),
    byCountry: z.array(Figure),
    byTreatment: z.array(Figure),
    byLanguage: z.array(Figure),
    handEnteredBySource: z.array(z.object({ source: z.string(), count: z.number().int() })),
  }),
);

/* Dashboard (admin/stats). */

export const LeadStatsSchema = itemOf(
  z.object({
    /** One entry per day, oldest first, the last `days` of the clinic's days including today. */
    days: z.array(
      z.object({
        date: isoDate,
        byKind: z.record(LeadKindSchema, z.number().int()),
        byLanguage: z.record(LanguageCodeSchema, z.number().int()),
      }),
    ),
    byStatus: z.record(LeadStatusSchema, z.number().int()),
  }),
);

/* Users (admin/users…). */

export const UserCreateSchema = z.object({
  email: EmailSchema,
  name: z.string().trim().min(1).max(120),
  language: StaffLanguageSchema,
  role: RoleSchema,
  notificationAdmin: z.boolean().optional(),
  password: PasswordSchema,
});
/**
 * A user's failed sign-ins in the last hour, as the owner sees them on the users page (ADR 031).
 * Times are ISO instants.
 */
export const SignInFailuresSchema = z.object({
  failures: z.number().int().min(0),
  lastFailureAt: z.string().nullable(),
  /** How long an address without failures of its own waits before it may try (0: at once). */
  newAddressDelaySeconds: z.number().int().min(0),
  /** Past 100 failures in the hour: until then only addresses the user signed in from in the last 30 days may try. */
  knownAddressesOnlyUntil: z.string().nullable(),
  /** The addresses (an IPv6 client as its /64) the failures came from, latest first, at most 10. */
  addresses: z.array(z.object({ address: z.string(), failures: z.number().int().min(1), lastAt: z.string(), heldUntil: z.string().nullable() })),
  /** How many addresses there were in all. */
  addressCount: z.number().int().min(0),
});
export type SignInFailures = z.infer<typeof SignInFailuresSchema>;

/** A session of a user that still counts (#41): when it began and was last renewed (ISO), from what. */
export const LiveSessionSchema = z.object({
  startedAt: z.string(),
  activeAt: z.string(),
  userAgent: z.string(),
  address: z.string(),
  /** The session the request itself was made in. */
  current: z.boolean(),
});
export type LiveSession = z.infer<typeof LiveSessionSchema>;

/** The caller's own account (GET admin/account): last sign-in (ISO) and live sessions. */
export const AccountSchema = z.object({
  lastSignInAt: z.string().nullable(),
  sessions: z.array(LiveSessionSchema),
  twoFactor: z.object({ enrolled: z.boolean(), recoveryCodesLeft: z.number().int().min(0) }),
});
/** POST admin/account/two-factor/setup: the secret (base32) and its otpauth URI, shown until confirmed. */
export const TwoFactorSetupSchema = itemOf(z.object({ secret: z.string(), uri: z.string() }));
/** Recovery codes, shown once (confirming a setup, or asking for new ones). */
export const RecoveryCodesSchema = itemOf(z.object({ recoveryCodes: z.array(z.string()) }));

/** A user as admin/users lists them: with their failed sign-ins, last sign-in (ISO) and live sessions. */
export const ListedUserSchema = StaffUserSchema.extend({
  signIn: SignInFailuresSchema,
  lastSignInAt: z.string().nullable(),
  sessions: z.array(LiveSessionSchema),
  twoFactor: z.object({ enrolled: z.boolean() }),
});

export const UserUpdateSchema = z.object({
  name: z.string().trim().min(1).max(120).optional(),
  language: StaffLanguageSchema.optional(),
  role: RoleSchema.optional(),
  /** Gives or takes the notification-admin grant (ADR 058). */
  notificationAdmin: z.boolean().optional(),
  disabled: z.boolean().optional(),
  /** A new password ends every session of that user. */
  password: PasswordSchema.optional(),
  /** With `disabled: true` on an enabled user: their assigned leads go to this colleague (#41). */
  handOverTo: z.number().int().positive().optional(),
});

/* Settings (GET settings with the client token; PUT admin/settings): the schema is the public contract's. */

export { SettingsSchema, type Settings } from "./contract";

/** Who is told by e-mail of a new lead (admin/alert-settings): every coordinator, or one at a time in turn. */
export const ALERT_MODES = ["all", "turns"] as const;
export const AlertModeSchema = z.enum(ALERT_MODES);
export type AlertMode = z.infer<typeof AlertModeSchema>;
export const AlertSettingsSchema = z.object({ mode: AlertModeSchema });

/* Audit (admin/audit). */

/**
 * What an entry changed, as values rather than words (`{ from: "new", to: "offer_sent" }`), so the
 * back office says it in its reader's language; which keys an action has: docs/api-contract.md.
 */
const AuditFactValue = z.union([z.string().max(500), z.number(), z.boolean(), z.null(), z.array(z.string().max(200)).max(50)]);
export const AuditFactsSchema = z.record(AuditFactValue);
export type AuditFacts = z.infer<typeof AuditFactsSchema>;

export const AuditEntrySchema = z.object({
  id: z.number().int(),
  at: z.string(),
  /** Who did it (their account's name now; null once it is deleted); null for a failed sign-in with an unknown e-mail. */
  actor: z.object({ id: z.number().int(), email: z.string(), name: z.string().nullable().optional() }).nullable(),
  /** sign-in, sign-in-failed, sign-in-refused, sign-in-locked, sign-in-unlocked, sign-out, lead.status, lead.assign, lead.note, lead.delete, outbox.send-again, outbox.discard, user.create, user.update, settings.update, image.upload… */
  action: z.string(),
  target: z.string().nullable(),
  detail: z.string().nullable(),
  /** Absent or null for entries written before facts were kept: `detail` (English) is all there is. */
  facts: AuditFactsSchema.nullable().optional(),
});

/* The site's own lead outbox (the delivery page): the API keeps only the record. */

/** An outbox row's id (the lead's Idempotency-Key once delivered). */
export const OUTBOX_ID = /^[A-Za-z0-9-]{1,64}$/;
/**
 * What staff do to a lead the API refused, which waits in the site's own outbox: send it again
 * (write:outbox), or discard it, which erases it (delete:lead: it never reached the inbox, where
 * erasure is otherwise done). `POST admin/outbox/{id}/{action}` puts it in the API's audit log first.
 */
export const OUTBOX_ACTIONS = { "send-again": "write:outbox", discard: "delete:lead" } as const satisfies Record<string, Permission>;
export type OutboxAction = keyof typeof OUTBOX_ACTIONS;

/**
 * The body of `POST admin/outbox/{id}/{action}`: the lead's kind (the call it is delivered with) and
 * the status it was refused with. The audit log says who did what to which lead, and nothing of
 * what its sender typed.
 */
export const OutboxActionSchema = z.object({
  kind: z.enum(["contactForm", "webAgencyRegistration", "jobOffer"] as const satisfies readonly (keyof typeof postEndpoints)[]),
  refusal: z
    .string()
    .regex(/^\d{3}$/)
    .optional(),
});

/* Content images (POST admin/content/images, the file's bytes as the body). */

/** The largest file an editor may upload. */
export const MAX_IMAGE_UPLOAD_BYTES = 10 * 1024 * 1024;

/** The largest PDF the owner may upload as a text page's document (ADR 061). */
export const MAX_PAGE_FILE_BYTES = 5 * 1024 * 1024;
/** A version of a text page's document file (ADR 061): which language, how big, its hash, who uploaded it and when. */
export const PageFileVersionSchema = z.object({
  id: z.number().int().positive(),
  language: LanguageCodeSchema,
  size: z.number().int().positive(),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  at: z.string(),
  author: z.object({ id: z.number().int(), email: z.string(), name: z.string().nullable() }).nullable(),
});
export type PageFileVersion = z.infer<typeof PageFileVersionSchema>;

/** An uploaded image (media-urls.ts's UploadedImage): `imageFromUpload` makes the public contract's image of it. */
export const UploadedImageSchema = z.object({
  id: z.string().regex(IMAGE_ID),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  widths: z.array(z.number().int().positive().max(MAX_IMAGE_WIDTH)).min(1).max(8),
});
export const ImageUploadSchema = itemOf(UploadedImageSchema);

/** The largest page of `GET admin/content/images`: a picker's grid of thumbnails, not an export. */
export const MAX_IMAGE_PAGE_SIZE = 48;
/** `GET admin/content/images?pageIndex=&pageSize=`: the uploads, newest first. */
export const ContentImageListQuerySchema = z.object({
  pageIndex: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(MAX_IMAGE_PAGE_SIZE).default(24),
});
export type ContentImageListQuery = z.infer<typeof ContentImageListQuerySchema>;

export const adminEndpoints = {
  leads: { path: "admin/leads", response: listOf(LeadSummarySchema) },
  leadsExport: { path: "admin/leads/export", response: listOf(LeadExportItemSchema) },
  lead: { path: "admin/leads/:id", response: itemOf(LeadDetailSchema) },
  /** `?q=&pageIndex=&pageSize=` (PatientQuerySchema), newest lead first; write:lead. */
  patients: { path: "admin/patients", response: listOf(PatientSummarySchema) },
  /** The pairs to confirm or dismiss, newest first; write:lead. */
  patientSuggestions: { path: "admin/patients/suggestions", response: listOf(PatientSuggestionSchema) },
  patient: { path: "admin/patients/:id", response: itemOf(PatientDetailSchema) },
  stats: { path: "admin/stats", response: LeadStatsSchema },
  customerFigures: { path: "admin/analytics/customers", response: CustomerFiguresSchema },
  /** `?from=&to=` (BrowserErrorsQuerySchema): browser error groups of a period; read:dashboard (browser-errors-contract.ts). */
  browserErrors: { path: "admin/analytics/errors", response: BrowserErrorsSchema },
  users: { path: "admin/users", response: listOf(ListedUserSchema) },
  account: { path: "admin/account", response: itemOf(AccountSchema) },
  /** Who a lead may be handed to (everyone with write:lead); open to anyone with read:lead. */
  assignees: { path: "admin/assignees", response: listOf(Person) },
  audit: { path: "admin/audit", response: listOf(AuditEntrySchema) },
  settings: { path: "admin/settings", response: itemOf(SettingsSchema) },
  /** read:settings; PUT with write:settings. */
  alertSettings: { path: "admin/alert-settings", response: itemOf(AlertSettingsSchema) },
  twoFactorPolicy: { path: "admin/two-factor-policy", response: itemOf(TwoFactorPolicySchema) },
  /* Content editing (content-contract.ts holds the kinds, fields and payloads). */
  /** `?q=&pageIndex=&pageSize=` (ContentListQuerySchema); read:content. */
  contentList: { path: "admin/content/:kind", response: listOf(ContentSummarySchema) },
  contentItem: { path: "admin/content/:kind/:id", response: itemOf(ContentItemSchema) },
  /** Newest first. */
  contentVersions: { path: "admin/content/:kind/:id/versions", response: listOf(ContentVersionSummarySchema) },
  contentVersion: { path: "admin/content/:kind/:id/versions/:versionId", response: itemOf(ContentVersionSchema) },
  /** `?pageIndex=&pageSize=` (ContentImageListQuerySchema): every uploaded image, newest first; read:content. */
  contentImages: { path: "admin/content/images", response: listOf(UploadedImageSchema) },
  /** A text page's document files, every version, newest first (ADR 061). */
  pageFiles: { path: "admin/content/page/:id/files", response: listOf(PageFileVersionSchema) },
  /** An uploaded image's size and widths, as its upload answered; read:content. */
  contentImage: { path: "admin/content/images/:id", response: ImageUploadSchema },
  /** `?from=&to=` (clinic days, at most a year): downloads of the site's documents per week; read:dashboard. */
  downloadFigures: { path: "admin/analytics/downloads", response: DownloadFiguresSchema },
  /** `?from=&to=` (clinic days, at most a year): first-party active users (analytics-contract.ts); read:dashboard. */
  activeUsers: { path: "admin/analytics/active-users", response: ActiveUsersSchema },
  /** `?from=&to=` (clinic days, at most a year): the lead forms' funnels and the leads per day (form-funnels-contract.ts); read:dashboard. */
  formFunnels: { path: "admin/analytics/forms", response: FormFunnelsSchema },
  /** `?from=&to=` (clinic days, at most a year): visitors who sent a lead, linked with analytics consent (ADR 055); read:dashboard. */
  customerActiveUsers: { path: "admin/analytics/customer-active-users", response: CustomerActiveUsersSchema },
  /** `?q=` an exact address: newsletter counts per list, and that address's rows (subscriptions-contract.ts); read:audit. */
  subscriptions: { path: "admin/subscriptions", response: SubscriptionOverviewSchema },
  /** Every newsletter consent record; read:audit. */
  subscriptionConsents: { path: "admin/subscriptions/consents", response: ConsentRecordsSchema },
  /** Every bulletin, newest first (bulletins-contract.ts); write:bulletin. Writes: docs/api-contract.md, "Bulletins". */
  bulletins: { path: "admin/bulletins", response: BulletinListSchema },
  bulletin: { path: "admin/bulletins/:id", response: BulletinItemSchema },
  /** Whether bulletin opens are counted (ADR 057 amended); read:settings, PUT with write:settings. */
  bulletinSettings: { path: "admin/bulletin-settings", response: itemOf(BulletinOpensSettingSchema) },
  bulletinVersions: { path: "admin/bulletins/:id/versions", response: BulletinVersionListSchema },
  bulletinVersion: { path: "admin/bulletins/:id/versions/:versionId", response: BulletinVersionItemSchema },
  /* Web push (push-contract.ts; ADR 058), all send:notification; POST admin/push/notifications sends one. */
  pushSources: { path: "admin/push/sources", response: PushSourcesSchema },
  /** `?source=&languages=en,tr`: how many browsers a notification would reach. */
  pushAudience: { path: "admin/push/audience", response: PushCountSchema },
  /** The newest notifications with their delivered and failed counts. */
  pushNotifications: { path: "admin/push/notifications", response: PushNotificationsSchema },
  /** The pending "new discovery" notices (ADR 059), oldest first; approve and reject are posts (docs/api-contract.md, "Push"). */
  pushNotices: { path: "admin/push/notices", response: PushNoticesSchema },
  /** A language's draft and published menu (menus-contract.ts; ADR 062); publish:content. Writes: docs/api-contract.md, "Menus". */
  menus: { path: "admin/menus/:lang", response: itemOf(MenuStateSchema) },
  /* Built forms (forms-contract.ts; ADR 065), read:content; writes: docs/api-contract.md, "Built forms". */
  forms: { path: "admin/forms", response: FormListSchema },
  form: { path: "admin/forms/:id", response: FormItemSchema },
  formVersion: { path: "admin/forms/versions/:id", response: FormVersionItemSchema },
} as const;

/**
 * Content writes (the staff client's `send`; bodies in content-contract.ts):
 * - POST   admin/content/:kind                                 create (contentSavePayloadSchema): 201 itemOf(ContentItemSchema); write:content
 * - PUT    admin/content/:kind/:id                             save: 200 itemOf(ContentItemSchema), 409 uri_taken or stale (`version`), 422 field errors; write:content
 * - POST   admin/content/:kind/:id/publish                     ContentLanguagesPayloadSchema: 200 itemOf(ContentWriteResultSchema), 409 stale, 422 incomplete; publish:content
 * - POST   admin/content/:kind/:id/unpublish                   ContentUnpublishPayloadSchema: 200 itemOf(ContentWriteResultSchema), 409 stale; publish:content
 * - DELETE admin/content/:kind/:id                             200 itemOf(ContentWriteResultSchema) (item null); publish:content
 * - POST   admin/content/:kind/:id/versions/:versionId/restore 200 itemOf(ContentWriteResultSchema); write:content
 * - GET    admin/content/:kind/:id/preview/:lang               itemOf(PREVIEW_SCHEMAS[kind]), 422 when incomplete; read:content
 * A save, publish or unpublish names the item's `version` it was made from (ContentItem.version,
 * VersionSchema); the item changed since, it is refused with 409 `stale` and nothing is written.
 */
export const contentWriteResponses = {
  item: itemOf(ContentItemSchema),
  write: itemOf(ContentWriteResultSchema),
} as const;
