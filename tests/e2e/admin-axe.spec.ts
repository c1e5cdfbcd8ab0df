import { randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import { findInInbox, sendContact, signInAs, switchStaffLanguage } from "./admin-fixtures";
import { expect, expectNoAxeViolations, test, translation } from "./fixtures";

// A refused sign-in answers 401 and the unknown address 404: the browser logs both.
test.use({ allowedConsoleErrors: [/status of 40[14]/] });

/** Every page type of the back office, in one session per language: axe, and at phone size no sideways scrolling. */
async function checkEveryPage(page: Page, lang: "en" | "tr", lead: string, isMobile: boolean) {
  // The header's switch (a page may have a "Language" filter of its own), both ways: a worker's page
  // keeps the choice of the test before.
  await switchStaffLanguage(page, lang);
  for (const path of [
    "/admin",
    "/admin/leads",
    "/admin/leads/board",
    "/admin/leads/new",
    lead,
    "/admin/delivery",
    "/admin/settings",
    "/admin/users",
    "/admin/users/1",
    "/admin/audit",
    "/admin/analytics/customers",
    "/admin/no-such-page",
  ]) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.locator("html")).toHaveAttribute("lang", lang);
    await expectNoAxeViolations(page);
    if (isMobile) {
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, `${path} scrolls sideways`).toBeLessThanOrEqual(0);
    }
    if (isMobile && path === "/admin/leads") {
      // The inbox's rows as cards: a lead's status and assignee on screen, nothing to scroll sideways inside the list either.
      const row = page.locator("main tbody tr").first();
      const width = page.viewportSize()!.width;
      for (const column of ["status", "assignee"]) {
        const cell = row.locator(`td[data-label="${translation(lang, `leads.columns.${column}`, "admin")}"]`);
        await expect(cell).toBeVisible();
        const box = (await cell.boundingBox())!;
        expect(box.x + box.width, column).toBeLessThanOrEqual(width);
      }
      expect(await page.locator(".admin-table-wrap").evaluate((wrap) => wrap.scrollWidth - wrap.clientWidth)).toBeLessThanOrEqual(0);
    }
  }
}

/**
 * The pipeline's screens and the owner's figures in English too (the walk below has them in Turkish): axe on the board and
 * the hand-entry form; on a phone, at 390 px (the rest of the walk stays at that width), neither
 * scrolls sideways: the board's columns stack.
 */
async function checkPipelinePages(page: Page, isMobile: boolean) {
  await switchStaffLanguage(page, "en");
  if (isMobile) await page.setViewportSize({ width: 390, height: 844 });
  for (const [path, title] of [
    ["/admin/leads/board", "pipeline.board.title"],
    ["/admin/leads/new", "pipeline.new.title"],
    ["/admin/analytics/customers", "customerFigures.title"],
  ]) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(translation("en", title, "admin"));
    await expectNoAxeViolations(page);
    if (isMobile) {
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, `${path} scrolls sideways`).toBeLessThanOrEqual(0);
    }
  }
}

/** A lead to open: one with Cyrillic text, sent through the public contact form. */
async function newLead(page: Page) {
  const email = `axe-${randomUUID()}@example.org`;
  await sendContact(page, "ru", { name: "Наталья Иванова", email, message: "Хочу узнать цену имплантов." });
  await signInAs(page, "owner");
  return (await (await findInInbox(page, email)).getByRole("link").first().getAttribute("href"))!;
}

/**
 * axe on every back-office page type in Turkish, at desktop and phone size, with the sign-in page's
 * error. In English each page's own spec runs axe on it at desktop size, and the users, audit,
 * delivery and settings specs at phone size too. No English pass over every page at phone size: the
 * screens are the same at that width, and Turkish, whose labels run longer, is the stricter test of
 * their fit (no sideways scrolling).
 */
test("axe finds nothing on any back-office page in Turkish, nor on the sign-in page's error", async ({ page, isMobile }) => {
  test.slow();
  const lead = await newLead(page);
  await checkPipelinePages(page, isMobile);
  await checkEveryPage(page, "tr", lead, isMobile);

  // Signed out, the sign-in page stays in the chosen language; with a refused attempt on it.
  await page.locator('form[action="/admin/sign-out"] button').click();
  await expect(page).toHaveURL(/\/admin\/sign-in$/);
  await page.locator('input[type="email"]').fill(`nobody-${randomUUID()}@e2e.test`);
  await page.locator('input[type="password"]').fill("wrong-password-1234");
  await page.locator('form button[type="submit"]').last().click();
  await expect(page.getByRole("alert")).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("lang", "tr");
  await expectNoAxeViolations(page);
});
