import { Link } from "@remix-run/react";
import { ApiImage } from "~/components/api-image";
import type { BlogCardData } from "~/lib/site/cards";

/** A post teaser; the whole card follows the title's link. */
export function BlogCard({ post, heading: Heading = "h2", lazy = false }: { post: BlogCardData; heading?: "h2" | "h3"; lazy?: boolean }) {
  return (
    <article className="tile blog-card">
      <ApiImage className="blog-card-image" image={post.image} lazy={lazy} />
      <div className="blog-card-body">
        <Heading className="blog-card-title">
          <Link to={post.path} prefetch="intent">
            {post.title}
          </Link>
        </Heading>
        <p className="blog-card-meta">
          <time dateTime={post.date.iso}>{post.date.label}</time>
          {post.category ? <span className="blog-card-category">{post.category}</span> : null}
        </p>
        <p className="blog-card-summary">{post.summary}</p>
      </div>
    </article>
  );
}
