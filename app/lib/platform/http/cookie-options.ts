/**
 * What every cookie the site sets has in common (the visitor's language and consent, the toast, the
 * form token, the staff's language and session): sent on every path, out of reach of the page's
 * scripts, kept off other sites' posts, and sent only over https where the site is served so.
 */
export const cookieOptions = (secure: boolean) => ({ path: "/", httpOnly: true, sameSite: "lax" as const, secure });
