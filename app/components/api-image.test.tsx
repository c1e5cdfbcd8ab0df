import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, test } from "vitest";
import { ApiImage, IMAGE_SIZES } from "~/components/api-image";
import { imageFromUpload } from "~/lib/platform/api/media-urls";

const ID = "0123456789abcdef0123456789abcdef";

describe("an API image", () => {
  test("an upload offers its variants for the browser to choose by the displayed width, and keeps its size (no layout shift)", () => {
    const image = imageFromUpload({ id: ID, width: 4000, height: 3000, widths: [400, 800, 1200, 1600] }, "The clinic's entrance");
    const html = renderToStaticMarkup(<ApiImage image={image} sizes={IMAGE_SIZES.content} priority />);
    // React writes the attribute as srcSet; HTML attribute names are case-insensitive.
    const srcset = /srcset="([^"]*)"/i.exec(html)?.[1];
    expect(srcset).toBe([400, 800, 1200, 1600].map((w) => `/media/u/${ID}/${w}.webp ${w}w`).join(", "));
    expect(html).toContain(`sizes="${IMAGE_SIZES.content}"`);
    expect(html).toContain(`src="/media/u/${ID}/1600.webp"`);
    expect(html).toContain('width="1600" height="1200"');
    expect(html).toContain('alt="The clinic&#x27;s entrance"');
    // A card's width when the page names none.
    expect(renderToStaticMarkup(<ApiImage image={image} lazy />)).toContain(`sizes="${IMAGE_SIZES.card}"`);
  });

  test("the seeded SVG artwork, one file for every width, has no srcset", () => {
    const html = renderToStaticMarkup(<ApiImage image={{ url: "/media/treatments/hair.svg", width: 1200, height: 800, alt: "Hair" }} />);
    expect(html).not.toMatch(/srcset/i);
    expect(html).not.toContain("sizes");
    expect(html).toContain('width="1200" height="800"');
  });
});
