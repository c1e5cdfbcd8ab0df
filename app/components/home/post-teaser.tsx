import { Link } from "@remix-run/react";
import { ApiImage } from "~/components/api-image";

export interface PostTeaserData {
  id: number;
  title: string;
  summary: string;
  image: { url: string; width: number; height: number; alt: string };
  path: string;
  publishedAt: string;
  /** The date in the page's language. */
  date: string;
}

export function PostTeaser({ post }: { post: PostTeaserData }) {
  return (
    <article className="tile home-card post-teaser">
      <ApiImage className="home-card-image" image={post.image} lazy />
      <div className="home-card-body">
        <p className="home-card-meta">
          <time dateTime={post.publishedAt}>{post.date}</time>
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
