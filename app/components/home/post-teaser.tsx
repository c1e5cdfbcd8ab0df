import { Link } from "@remix-run/react";
import { ApiImage } from "~/components/api-image";
import type { BlogCardData } from "~/lib/site/cards";

/** The home page's shorter post card: date, title, summary. */
export function PostTeaser({ post }: { post: BlogCardData }) {
  return (
    <article className="tile home-card post-teaser">
      <ApiImage className="home-card-image" image={post.image} lazy />
      <div className="home-card-body">
        <p className="home-card-meta">
          <time dateTime={post.date.iso}>{post.date.label}</time>
        </p>
        <h3>
          <Link to={post.path} className="stretched-link">
            {post.title}
          </Link>
        </h3>
        <p>{post.summary}</p>
      </div>
    </article>
  );
}
