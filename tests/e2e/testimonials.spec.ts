import { expect, LANGS, test, translation, type Lang } from "./fixtures";
import { listPath, seeded } from "./backend-seed";

const t = (lang: Lang, key: string, values: Record<string, string> = {}) => translation(lang, key).replace(/\{\{(\w+)\}\}/g, (_, name) => values[name]);

for (const lang of ["en", "ar"] as Lang[]) {
  test(`testimonials in ${lang} show each patient's words, name, country and treatment`, async ({ page }) => {
    const testimonials = seeded("testimonial", lang);
    await page.goto(encodeURI(listPath("testimonials", lang)!));
    const list = page.getByRole("region", { name: t(lang, "testimonials.list") });
    await expect(list.getByRole("heading", { level: 3 })).toHaveText(testimonials.map((x) => x.title));
    const first = list.getByRole("article").first();
    await expect(first).toContainText(testimonials[0].author!);
    await expect(first.locator("blockquote p").first()).toBeVisible();
    // The treatment comes from the API in the page's language.
    await expect(first).toContainText(t(lang, "testimonials.treatment", { treatment: "" }).trim());
  });
}

test("testimonials answer in every language that has the page", async ({ request }, info) => {
  test.skip(info.project.name !== "js-on", "HTTP only: runs once");
  for (const lang of LANGS) {
    const html = await (await request.get(encodeURI(listPath("testimonials", lang)!))).text();
    for (const x of seeded("testimonial", lang)) expect(html).toContain(x.author!.replace(/&/g, "&amp;"));
  }
});
