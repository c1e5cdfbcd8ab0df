/**
 * How wide an image is shown, for the browser to pick a variant from `srcset` before layout. The
 * page's container is at most 1200 px wide, less 1 rem each side below that.
 */
export const IMAGE_SIZES = {
  /** A tile in a grid (treatments, posts, deals, testimonials): one column on a phone, a third of the container on a desktop. */
  card: "(min-width: 1232px) 400px, (min-width: 700px) 50vw, calc(100vw - 2rem)",
  /** A post's or a deal's picture above its text: the text column, at most 48 rem (768 px). */
  content: "(min-width: 800px) 768px, calc(100vw - 2rem)",
  /** A treatment's picture: the main column beside the 20 rem aside (and its 3 rem gap) from 900 px. */
  detail: "(min-width: 1232px) 832px, (min-width: 900px) calc(100vw - 25rem), calc(100vw - 2rem)",
  /** A sub-treatment's picture beside its text on the treatment's page. */
  thumb: "8rem",
  /** The home page's slides: the hero's wider column from 960 px, the container below it. */
  hero: "(min-width: 1232px) 600px, (min-width: 960px) 50vw, calc(100vw - 2rem)",
} as const;

interface ApiImageProps {
  image: { url: string; width: number; height: number; alt: string; srcset?: { url: string; width: number }[] };
  className?: string;
  /** Below the fold: let the browser wait until the image is near the viewport. */
  lazy?: boolean;
  /** The page's largest image above the fold (its LCP element): fetch it first. */
  priority?: boolean;
  /** Empty when the image only decorates a link whose text already says everything. */
  alt?: string;
  /** The displayed width, when the image has variants (IMAGE_SIZES); a card's by default. */
  sizes?: string;
}

/**
 * An image from the API with its intrinsic width and height, so the browser reserves its box
 * before the bytes arrive (no layout shift). An uploaded image comes in several widths, offered as
 * `srcset` for the browser to take the one the screen needs; the seeded artwork is SVG, one vector
 * file for every width, so it has none.
 */
export function ApiImage({ image, className, lazy = false, priority = false, alt, sizes = IMAGE_SIZES.card }: ApiImageProps) {
  // React 18 does not know fetchPriority; the lowercase attribute passes through untouched.
  const hint = priority ? { fetchpriority: "high" } : {};
  const variants = image.srcset?.length ? { srcSet: image.srcset.map((v) => `${v.url} ${v.width}w`).join(", "), sizes } : {};
  return (
    <img
      className={className}
      {...variants}
      loading={lazy ? "lazy" : "eager"}
      src={image.url}
      width={image.width}
      height={image.height}
      alt={alt ?? image.alt}
      decoding={lazy ? "async" : undefined}
      {...hint}
    />
  );
}
