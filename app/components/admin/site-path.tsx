import { Fragment } from "react";

/**
 * A site path shown as text, in its own left-to-right order: each segment is isolated, so an Arabic
 * slug next to a number or another slug is not reordered by the bidi algorithm (without it,
 * `/ar/العروض-الخاصة/باقة/401` reads `/ar/401/…` with the slugs swapped).
 */
export function SitePath({ path }: { path: string }) {
  return (
    <span dir="ltr">
      {path.split("/").map((segment, i) => (
        <Fragment key={i}>
          {i > 0 ? "/" : null}
          <bdi>{segment}</bdi>
        </Fragment>
      ))}
    </span>
  );
}
