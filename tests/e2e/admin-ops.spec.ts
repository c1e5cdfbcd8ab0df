import type { BrowserContext, Page } from "@playwright/test";
import { filesHolding } from "../support/erasure";
import { E2E_DATA_DIR } from "../support/e2e-env.mjs";
import { signInAs } from "./admin-fixtures";
import { DEV, expect, expectNoAxeViolations, jsOn, sessionRequest, test, translation } from "./fixtures";

// The delivery, users and audit pages (#14). Behaviour with JavaScript on and off at desktop size;
// at phone size admin-axe.spec.ts checks them (axe and width).
const say = (key: string) => translation("en", key, "admin");
const PASSWORD = "a-long-enough-password";

/** A name and an address no earlier run has used: users are never deleted. */
const unique = (tag: string) => `${tag}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const uniqueEmail = (tag: string) => `ops-${unique(tag)}@example.org`;

async function signInWith(page: Page, email: string, password: string) {
  await page.context().clearCookies();
  await page.goto("/admin/sign-in");
  await page.getByLabel(say("signIn.email")).fill(email);
  await page.getByLabel(say("signIn.password")).fill(password);
  await page.getByRole("button", { name: say("signIn.submit") }).click();
}

/** Back to a session signed in earlier in the test (a sign-in costs the backend a password hash). */
async function useSession(page: Page, cookies: Awaited<ReturnType<BrowserContext["cookies"]>>) {
  await page.context().clearCookies();
  await page.context().addCookies(cookies);
}

/** Fills and sends the new-user form on /admin/users. */
async function createUser(page: Page, { email, name, password }: { email: string; name: string; password: string }) {
  const form = page.locator("form", { has: page.getByRole("button", { name: say("users.create") }) });
  await form.getByLabel(say("users.email")).fill(email);
  await form.getByLabel(say("users.name")).fill(name);
  await form.getByLabel(say("users.role")).selectOption("coordinator");
  await form.getByLabel(say("users.language")).selectOption("en");
  await form.getByLabel(say("users.initialPassword")).fill(password);
  await form.getByRole("button", { name: say("users.create") }).click();
  return form;
}

test.describe("desktop", () => {
  test.skip(({ isMobile }) => isMobile, "behaviour runs at desktop size");
  // Without JavaScript the browser reports the answers' statuses: a form sent back (400, 409), a refused sign-in (401).
  test.use({ allowedConsoleErrors: [/status of (400|401|409)/] });

  test("an owner creates a coordinator, who can then sign in; a short password and a taken e-mail are field errors", async ({ page }, info) => {
    const email = uniqueEmail(info.project.name);
    const name = `Deniz ${unique(info.project.name)}`;
    await signInAs(page, "owner");
    await page.goto("/admin/users");

    // Too short: a field error, the other values kept.
    let form = await createUser(page, { email, name, password: "short" });
    await expect(form.getByText(say("users.errors.passwordShort"))).toBeVisible();
    await expect(form.getByLabel(say("users.email"))).toHaveValue(email);
    await expect(form.getByLabel(say("users.name"))).toHaveValue(name);
    if (jsOn(info.project.name)) await expectNoAxeViolations(page);

    form = await createUser(page, { email, name, password: PASSWORD });
    await expect(page.getByRole("status")).toContainText(say("users.created"));
    await expect(page.getByRole("row", { name: new RegExp(name) })).toContainText(say("roles.coordinator"));

    // The same address again: a field error on it, the typed values kept.
    form = await createUser(page, { email, name: `${name} again`, password: PASSWORD });
    await expect(form.getByText(say("users.errors.emailTaken"))).toBeVisible();
    await expect(form.getByLabel(say("users.email"))).toHaveValue(email);
    await expect(form.getByLabel(say("users.name"))).toHaveValue(`${name} again`);

    await signInWith(page, email, PASSWORD);
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByText(translation("en", "signedInAs", "admin").replace("{{name}}", name))).toBeVisible();
  });

  test("a disabled user is signed out and can no longer sign in; the audit log lists the user's creation and change", async ({ page }, info) => {
    // The session ends on the server: shown once, with JavaScript (the forms' no-JS path is the users test's).
    test.skip(!jsOn(info.project.name), "server-side behaviour, checked once");
    const email = uniqueEmail(`off-${info.project.name}`);
    const name = `Ece ${unique(info.project.name)}`;
    await signInAs(page, "owner");
    const owners = await page.context().cookies();
    await page.goto("/admin/users");
    await createUser(page, { email, name, password: PASSWORD });
    const link = page.getByRole("link", { name, exact: true });
    const id = (await link.getAttribute("href"))?.match(/^\/admin\/users\/(\d+)$/)?.[1];
    expect(id, "the new user's row links to its page").toBeTruthy();
    // Their session, open while they are disabled.
    await signInWith(page, email, PASSWORD);
    await expect(page).toHaveURL(/\/admin$/);
    const theirs = await page.context().cookies();

    await useSession(page, owners);
    await page.goto(`/admin/users/${id}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
    await expect(page.getByText(say("users.passwordEndsSessions"))).toBeVisible();
    if (jsOn(info.project.name)) await expectNoAxeViolations(page);

    await page.getByLabel(say("users.disable")).check();
    await page.getByRole("button", { name: say("users.save") }).click();
    await expect(page.getByRole("status")).toContainText(say("toast.saved"));
    await expect(page.getByLabel(say("users.disable"))).toBeChecked();

    await page.goto("/admin/audit");
    for (const action of ["userCreate", "userUpdate"]) {
      const entry = page
        .getByRole("row")
        .filter({ hasText: say(`audit.actions.${action}`) })
        // The target is the user, named and linked to their page.
        .filter({ has: page.locator(`a[href="/admin/users/${id}"]`) });
      await expect(entry, action).toHaveCount(1);
    }
    if (jsOn(info.project.name)) await expectNoAxeViolations(page);

    // The open session ends at its next page (the identity API no longer confirms it), and signing in again fails.
    await useSession(page, theirs);
    await page.goto("/admin");
    await expect(page).toHaveURL(/\/admin\/sign-in\?redirectTo=%2Fadmin$/);
    await signInWith(page, email, PASSWORD);
    await expect(page.getByRole("alert")).toContainText(say("signIn.errors.invalid"));
    await expect(page).toHaveURL(/\/admin\/sign-in/);
  });

  test("forgotten password, end to end, in English: the link kept at /admin/mail sets a new password, which signs in", async ({ page }, info) => {
    const axe = async () => {
      if (jsOn(info.project.name)) await expectNoAxeViolations(page);
    };
    const email = uniqueEmail(`forgot-${info.project.name}`);
    await signInAs(page, "owner");
    const owner = await page.context().cookies();
    await page.goto("/admin/users");
    await createUser(page, { email, name: `Forgetful ${unique(info.project.name)}`, password: PASSWORD });
    await expect(page.getByRole("status")).toContainText(say("users.created"));

    await page.context().clearCookies();
    await page.goto("/admin/sign-in");
    await page.getByRole("link", { name: say("signIn.forgotLink") }).click();
    // The sign-in page has an "E-mail" field too: typed into before the new page came, the address was lost.
    await expect(page).toHaveURL(/\/admin\/sign-in\/forgot$/);
    await axe();
    await page.getByLabel(say("forgot.email")).fill(email);
    await page.getByRole("button", { name: say("forgot.submit") }).click();
    await expect(page.getByTestId("reset-sent")).toHaveText(say("forgot.sent"));
    await axe();

    // No SMTP_URL here: the owner finds the mail kept at /admin/mail.
    await useSession(page, owner);
    await page.goto("/admin/mail");
    await axe();
    await page.getByRole("row").filter({ hasText: email }).getByRole("link").first().click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(say("mail.detailTitle").replace("{{to}}", email));
    await expect(page.getByTestId("mail-status")).toHaveText(say("mail.statuses.kept"));
    await axe();
    const link = /https?:\/\/\S+\/admin\/sign-in\/reset\/\S+/.exec(await page.getByTestId("mail-body").innerText())![0];

    await page.context().clearCookies();
    await page.goto(new URL(link).pathname);
    await axe();
    await page.getByLabel(say("reset.password")).fill("the-new-password-of-mine");
    await page.getByRole("button", { name: say("reset.submit") }).click();
    await expect(page).toHaveURL(/\/admin\/sign-in$/);
    await expect(page.getByRole("status")).toContainText(say("reset.done"));
    await signInWith(page, email, "the-new-password-of-mine");
    await expect(page).toHaveURL(/\/admin$/);
  });

  test.describe("refused", () => {
    test.use({ allowedConsoleErrors: [/status of (400|401|403|409)/] });

    test("a coordinator gets the 403 page on users and audit, and a post to /admin/users is refused", async ({ page }, info) => {
      test.skip(!jsOn(info.project.name), "server answers, the same without JavaScript");
      await signInAs(page, "coordinator");
      for (const path of ["/admin/users", "/admin/audit", "/admin/users/1"]) {
        const response = await page.goto(path);
        expect(response?.status(), path).toBe(403);
        await expect(page.getByRole("heading", { level: 1 })).toHaveText(say("errors.forbidden.title"));
      }
      // With this session's CSRF token, but without a password: the site's own role check answers
      // before the form is read. Were that check gone, the form would come back 400 (the API, which
      // checks the role as well, would never be asked).
      await page.goto("/admin");
      const csrf = await page.locator('input[name="csrf"]').first().inputValue();
      const post = await sessionRequest(page).post("/admin/users", {
        form: { csrf, email: uniqueEmail("refused"), name: "Not allowed", role: "owner", language: "en" },
        headers: { Origin: new URL(page.url()).origin },
        maxRedirects: 0,
      });
      expect(post.status()).toBe(403);
      expect(await post.text()).toContain(say("errors.forbidden.title"));
    });

    test("the delivery page shows this instance's waiting leads; an editor gets the 403 page", async ({ page }, info) => {
      test.skip(!jsOn(info.project.name), "no form to send without a refused lead");
      await signInAs(page, "coordinator");
      await page.goto("/admin/delivery");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(say("menu.delivery"));
      await expect(page.getByText(say("delivery.thisInstance"))).toBeVisible();
      await expect(page.getByTestId("waiting")).toHaveText(/^\d+$/);
      await expectNoAxeViolations(page);

      await page.context().clearCookies();
      await signInAs(page, "editor");
      const response = await page.goto("/admin/delivery");
      expect(response?.status()).toBe(403);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(say("errors.forbidden.title"));
      await expect(page.getByRole("navigation", { name: say("menuLabel") }).getByRole("link", { name: say("menu.delivery") })).toHaveCount(0);
    });
  });
});

/*
 * Browser errors (#42, ADR 051), end to end: an error thrown by the app's own code in a real page
 * (the home slider's step calls matchMedia, which the init script breaks) is one group on
 * /admin/analytics/errors with its stack resolved to the app's source; 100 more of the same report
 * raise its count, not the groups; the e-mail and phone in its message and in the page's address
 * are in no file the site keeps.
 */
test.describe("browser errors", () => {
  test.skip(({ isMobile, javaScriptEnabled }) => isMobile || !javaScriptEnabled, "a script error needs JavaScript; desktop size");
  test.skip(DEV, "remix dev builds no source maps: its stacks stay unresolved");
  // The init script's error is the point; a page of its own so the script stays in this test.
  test.use({ allowedConsoleErrors: [/Slide failed/], freshPage: true });

  test("an app error is one group with its resolved stack; 100 more raise its count; no e-mail or phone is kept", async ({ page, request }) => {
    const letters = "abcdefghijklmnopqrstuvwxyz";
    const tag = Array.from({ length: 10 }, () => letters[Math.floor(Math.random() * 26)]).join("");
    const email = `crash-${tag}@example.com`;
    const digits = String(Math.floor(1_000_000 + Math.random() * 8_999_999));
    const phone = `0532 ${digits.slice(0, 3)} ${digits.slice(3, 5)} ${digits.slice(5)}`;
    await page.addInitScript(
      ({ tag, email, phone }) => {
        const matchMedia = window.matchMedia.bind(window);
        window.matchMedia = (query: string) => {
          if (query.includes("reduced-motion")) throw new Error(`Slide failed ${tag} for ${email}, call ${phone}`);
          return matchMedia(query);
        };
      },
      { tag, email, phone },
    );
    await page.goto(`/en?email=${encodeURIComponent(email)}&phone=${encodeURIComponent(phone)}#${email}`);
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    const reported = page.waitForRequest((r) => r.method() === "POST" && r.url().endsWith("/analytics/error"));
    const stored = page.waitForResponse((r) => r.request().method() === "POST" && r.url().endsWith("/analytics/error"));
    await page.getByRole("button", { name: translation("en", "home.slider.next") }).click();
    const body = (await reported).postData()!;
    expect((await stored).status()).toBe(202);
    // Scrubbed in the page already: the report leaves without them.
    expect(body).not.toContain(email);
    expect(body).not.toContain(phone.slice(5, 11));

    await signInAs(page, "owner");
    await page.goto("/admin/analytics/errors");
    const group = page.locator("article[data-fingerprint]", { hasText: `Slide failed ${tag}` });
    await expect(group).toHaveCount(1);
    await expect(group.locator('[data-figure="count"]')).toHaveText("1");
    await expect(group.getByRole("heading")).toContainText(`Slide failed ${tag} for [email], call [number]`);
    await expect(group).toContainText("app/components/home/hero-slider.tsx");
    await group.getByText(say("browserErrors.stack")).click();
    await expect(group.locator('[data-stack="sample"] li').filter({ hasText: "app/components/home/hero-slider.tsx:" }).first()).toBeVisible();
    await expectNoAxeViolations(page);

    // The browser sends a few a page load; the same report 100 more times over HTTP, ten at a time.
    for (let i = 0; i < 100; i += 10) {
      const answers = await Promise.all(
        Array.from({ length: 10 }, () => request.post("/analytics/error", { data: body, headers: { "content-type": "application/json" } })),
      );
      expect(answers.map((a) => a.status())).toEqual(Array(10).fill(202));
    }
    await page.reload();
    await expect(group).toHaveCount(1);
    await expect(group.locator('[data-figure="count"]')).toHaveText("101");

    // Marked resolved (a plain post), it stays resolved for reports of the same release.
    await group.getByRole("button", { name: say("browserErrors.markResolved") }).click();
    await expect(group.getByRole("button", { name: say("browserErrors.reopen") })).toBeVisible();

    expect(filesHolding(E2E_DATA_DIR, [email, phone, phone.slice(5, 11), `0532${digits}`, `+90532${digits}`])).toEqual([]);
  });
});
