/**
 * A lead form as a visitor's browser gets it at `url` (a site's page): the cookies it set and the
 * hidden fields (the CSRF token, the honeypot and its one-use stamp), to post it as that visitor.
 * For the tests and `npm run bench`.
 * @param {string} url
 * @returns {Promise<{ cookie: string, hidden: Record<string, string> }>}
 */
export async function openLeadForm(url) {
  const res = await fetch(url);
  const html = await res.text();
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  const hidden = Object.fromEntries([...html.matchAll(/<input[^>]*name="(csrf|\w+__confirm)"[^>]*value="([^"]*)"/g)].map((m) => [m[1], m[2]]));
  return { cookie, hidden };
}
