/** The kinds of lead the site's forms send (the five built-in forms, and the forms staff build, ADR 065) (the contact form on the feedback page is its own). A module of its own, so the analytics contracts need not import the admin one. */
export const LEAD_KINDS = ["offer", "contact", "feedback", "partner", "job", "builtForm"] as const;
