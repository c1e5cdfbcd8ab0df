import { Link } from "@remix-run/react";
import { ApiImage } from "~/components/api-image";
import type { BlogCardData } from "~/lib/site/cards";

/** What a card shows: a post's fields; an article about life (ADR 063) has no topic and may have no picture. */
type CardData = Pick<BlogCardData, "title" | "summary" | "path" | "date"> & { image: BlogCardData["image"] | null; category?: string };

/** A post's or an article's teaser; the whole card follows the title's link. */
export function BlogCard({ post, heading: Heading = "h2", lazy = false }: { post: CardData; heading?: "h2" | "h3"; lazy?: boolean }) {
  return (
    <article className="tile blog-card">
      {post.image ? <ApiImage className="blog-card-image" image={post.image} lazy={lazy} /> : null}
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
