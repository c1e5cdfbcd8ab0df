import { PrefetchPageLinks, useLocation, useNavigate } from "@remix-run/react";
import { useEffect, useState, type ReactNode } from "react";

interface SiteLinkProps {
  /** A path of this site, as the route table or a loader gives it. */
  to: string;
  /** "intent": the page's code and data are fetched once the pointer or focus rests on the link. */
  prefetch?: "intent";
  className?: string;
  rel?: string;
  "aria-label"?: string;
  "aria-current"?: "page" | "true";
  children: ReactNode;
}

/**
 * A link to a page of the public site: a plain anchor, which `SiteLinkNavigation` turns into a
 * client-side navigation. Remix's `<Link>` resolves its path and sets up its click and prefetch
 * handlers per link, with a dozen hooks each; home has about 110 links, and that was a tenth of its
 * render (docs/decisions/023-plain-links-and-kept-lookups.md). `data-discover` lets Remix find the
 * page's route ahead of the click, as it does for its own links. The attributes are named, not
 * spread: copying a rest object per link cost as much as the rest of this component.
 */
export function SiteLink({ to, prefetch, className, rel, "aria-label": label, "aria-current": current, children }: SiteLinkProps) {
  return (
    <a href={to} className={className} rel={rel} aria-label={label} aria-current={current} data-discover="true" data-prefetch={prefetch}>
      {children}
    </a>
  );
}

/** The anchor an event happened in, if it is a link to this site that may be followed in the page. */
function followable(target: EventTarget | null): HTMLAnchorElement | null {
  const link = target instanceof Element ? target.closest("a[data-discover]") : null;
  if (!(link instanceof HTMLAnchorElement) || link.origin !== window.location.origin) return null;
  if ((link.target && link.target !== "_self") || link.hasAttribute("download")) return null;
  return link;
}

/** How long the pointer or focus rests on a link before its page is fetched, as Remix's `prefetch="intent"`. */
const INTENT_MS = 100;

/**
 * One listener for every `SiteLink` on the page: a plain click navigates in the page, as Remix's
 * `<Link>` does (a click with a modifier key, or a middle click, is left to the browser), and
 * resting on a `prefetch="intent"` link fetches its page. A Remix `<Link>` handles its own click
 * first and marks it handled, so it is not followed twice.
 */
export function SiteLinkNavigation() {
  const navigate = useNavigate();
  const location = useLocation();
  const [prefetch, setPrefetch] = useState<{ page: string; from: string } | null>(null);

  useEffect(() => {
    let timer: number | undefined;
    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
      const link = followable(event.target);
      if (!link) return;
      event.preventDefault();
      const to = link.pathname + link.search + link.hash;
      // As Remix's <Link>: following a link to the page already shown replaces its history entry.
      navigate(to, { replace: to === window.location.pathname + window.location.search + window.location.hash });
    };
    const onIntent = (event: Event) => {
      const link = followable(event.target);
      if (link?.dataset.prefetch !== "intent") return;
      window.clearTimeout(timer);
      const page = link.pathname + link.search;
      const from = window.location.pathname + window.location.search;
      timer = window.setTimeout(() => setPrefetch({ page, from }), event.type === "touchstart" ? 0 : INTENT_MS);
    };
    const onLeave = (event: MouseEvent | FocusEvent) => {
      const link = followable(event.target);
      // Moving onto something inside the same link (a card's heading, say) is not leaving it.
      if (link?.dataset.prefetch !== "intent" || (event.relatedTarget instanceof Node && link.contains(event.relatedTarget))) return;
      window.clearTimeout(timer);
      setPrefetch(null);
    };
    document.addEventListener("click", onClick);
    document.addEventListener("mouseover", onIntent);
    document.addEventListener("focusin", onIntent);
    document.addEventListener("touchstart", onIntent, { passive: true });
    document.addEventListener("mouseout", onLeave);
    document.addEventListener("focusout", onLeave);
    return () => {
      window.clearTimeout(timer);
      document.removeEventListener("click", onClick);
      document.removeEventListener("mouseover", onIntent);
      document.removeEventListener("focusin", onIntent);
      document.removeEventListener("touchstart", onIntent);
      document.removeEventListener("mouseout", onLeave);
      document.removeEventListener("focusout", onLeave);
    };
  }, [navigate]);

  // Only from the page it was asked on: once the visitor has gone there, there is nothing to fetch.
  const here = location.pathname + location.search;
  return prefetch && prefetch.from === here && prefetch.page !== here ? <PrefetchPageLinks page={prefetch.page} /> : null;
}
