import type { ImageSchema } from "~/lib/api/contract";
import type { z } from "zod";

/**
 * An image from the API with its intrinsic size, so the page never shifts while it loads.
 * `lazy` for images below the fold; the seeded artwork is SVG (sharp at every width), so there is
 * no set of sizes to choose from; `sizes` and `srcSet` come in when the API serves raster variants.
 */
export function ContentImage({
  image,
  lazy = false,
  className,
}: {
  image: z.infer<typeof ImageSchema>;
  lazy?: boolean;
  className?: string;
}) {
  return (
    <img
      className={className}
      src={image.url}
      width={image.width}
      height={image.height}
      alt={image.alt}
      loading={lazy ? "lazy" : "eager"}
      decoding="async"
    />
  );
}
