interface ApiImageProps {
  image: { url: string; width: number; height: number; alt: string };
  className?: string;
  /** Below the fold: let the browser wait until the image is near the viewport. */
  lazy?: boolean;
  /** The page's largest image above the fold (its LCP element): fetch it first. */
  priority?: boolean;
  /** Empty when the image only decorates a link whose text already says everything. */
  alt?: string;
}

/**
 * An image from the API with its intrinsic width and height, so the browser reserves its box
 * before the bytes arrive (no layout shift). The seeded artwork is SVG: one vector file serves
 * every width, so there is no srcset to offer for it.
 */
export function ApiImage({ image, className, lazy = false, priority = false, alt }: ApiImageProps) {
  // React 18 does not know fetchPriority; the lowercase attribute passes through untouched.
  const hint = priority ? { fetchpriority: "high" } : {};
  return (
    <img
      className={className}
      src={image.url}
      width={image.width}
      height={image.height}
      alt={alt ?? image.alt}
      loading={lazy ? "lazy" : "eager"}
      decoding={lazy ? "async" : undefined}
      {...hint}
    />
  );
}
