import { describe, expect, test } from "vitest";
import { metaImageOf } from "~/lib/site/meta-image";

const ID = "0123456789abcdef0123456789abcdef";
const upload = (widths: number[]) => ({
  url: `/media/u/${ID}/${Math.max(...widths)}.webp`,
  width: Math.max(...widths),
  height: 900,
  alt: "A clinic room",
  srcset: widths.map((width) => ({ url: `/media/u/${ID}/${width}.webp`, width })),
});
const shared = (url: string) => ({ url, width: 1200, height: 630, type: "image/jpeg", alt: "A clinic room" });

describe("the picture a shared link to an item's page shows", () => {
  test("seeded artwork's JPEG beside it; an upload's picture made from its 1200 variant, or its largest when it is narrower", () => {
    expect(metaImageOf({ url: "/media/blog/flying_after_surgery.svg", width: 1200, height: 800, alt: "A clinic room" })).toEqual(
      shared("/media/blog/flying_after_surgery.jpg"),
    );
    expect(metaImageOf(upload([400, 800, 1200, 1600]))).toEqual(shared(`/media/u/${ID}/share-1200.jpg`));
    expect(metaImageOf(upload([400, 800, 1000]))).toEqual(shared(`/media/u/${ID}/share-1000.jpg`));
    expect(metaImageOf(upload([300]))).toEqual(shared(`/media/u/${ID}/share-300.jpg`));
  });

  test("a large enough JPEG or PNG from elsewhere as it is; an SVG, a WebP or a small picture is none (the page takes the default)", () => {
    const jpeg = { url: "https://cdn.example.com/rooms/1.jpg", width: 1600, height: 900, alt: "A clinic room" };
    expect(metaImageOf(jpeg)).toEqual(jpeg);
    for (const image of [
      { ...jpeg, url: "https://cdn.example.com/rooms/1.webp" },
      { ...jpeg, url: "https://cdn.example.com/rooms/1.svg" },
      { ...jpeg, width: 500, height: 300 },
      // Seeded artwork of a kind with no page of its own has no picture drawn beside it.
      { ...jpeg, url: "/media/testimonials/anna.svg" },
    ]) {
      expect(metaImageOf(image), image.url).toBeNull();
    }
  });
});
