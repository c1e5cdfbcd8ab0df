/**
 * Signs in to a site's back office as a browser does: opens the sign-in form for its CSRF token and
 * cookie, then posts it. Answers the session cookie alone, every cookie the browser now holds, and
 * the form token (the same for every form of the back office: it is the CSRF cookie's).
 */
export async function signInToSite(siteUrl: string, email: string, password: string) {
  const form = await fetch(`${siteUrl}/admin/sign-in`);
  const csrf = (await form.text()).match(/name="csrf" value="([^"]+)"/)![1];
  const jar = new Map(form.headers.getSetCookie().map((c) => [c.split("=")[0], c.split(";")[0]]));
  const res = await fetch(`${siteUrl}/admin/sign-in`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie: [...jar.values()].join("; "), origin: siteUrl },
    body: new URLSearchParams({ email, password, csrf }),
  });
  await res.arrayBuffer();
  if (res.status !== 303) throw new Error(`signing in as ${email} answered ${res.status}`);
  for (const c of res.headers.getSetCookie()) jar.set(c.split("=")[0], c.split(";")[0]);
  return { session: jar.get("admin_session")!, cookie: [...jar.values()].join("; "), csrf };
}
