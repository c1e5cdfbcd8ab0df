import { expect, test } from "vitest";
import type { SpecialDeal } from "~/lib/platform/api/contract";
import { isDealOpen, toDealCard } from "~/lib/site/cards";

const deal = (validUntil: string, amount = 2200) =>
  ({
    id: 401,
    uri: "fue-hair-transplant-package",
    title: "FUE",
    summary: "",
    body: "",
    image: { url: "/media/deals/x.svg", width: 1200, height: 800, alt: "x" },
    languagePaths: [],
    priceFrom: { amount, currency: "EUR" },
    validUntil,
    includes: [],
  }) satisfies SpecialDeal;

test("a deal runs to the end of its last day", () => {
  expect(isDealOpen(deal("2027-06-30"), new Date("2027-06-30T23:59:00Z"))).toBe(true);
  expect(isDealOpen(deal("2027-06-30"), new Date("2027-07-01T00:00:00Z"))).toBe(false);
});

test("a deal card carries its price and date in the page's language", () => {
  expect(toDealCard(deal("2027-06-30"), "en")).toMatchObject({
    path: "/en/special-deals/fue-hair-transplant-package/401",
    price: "€2,200",
    validUntil: { iso: "2027-06-30", label: "June 30, 2027" },
  });
  expect(toDealCard(deal("2027-06-30", 1999.5), "fr").price).toMatch(/^1\s999,50\s€$/);
  expect(toDealCard(deal("2027-06-30"), "ru").price).toMatch(/^2\s200\s€$/);
});
