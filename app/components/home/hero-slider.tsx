import { Link } from "@remix-run/react";
import { useEffect, useRef, useState, type MouseEvent } from "react";
import { useTranslation } from "react-i18next";
import { ApiImage, IMAGE_SIZES } from "~/components/api-image";

export interface Slide {
  id: number;
  title: string;
  subtitle: string;
  image: { url: string; width: number; height: number; alt: string };
  linkLabel: string;
  path: string;
}

const slideId = (id: number) => `slide-${id}`;

/**
 * The home page's slides as plain HTML first: a horizontal strip that scrolls and snaps, real
 * links, and numbered links that jump to a slide. The server's page already marks the first one
 * current and shows the previous/next buttons, so nothing changes when the page hydrates; JavaScript
 * makes the buttons work and keeps the mark on the slide in view. Without JavaScript the buttons are
 * not shown (home.css), and the mark stays on the first dot. It never moves on its own, so there is
 * nothing to pause.
 */
export function HeroSlider({ slides }: { slides: Slide[] }) {
  const { t } = useTranslation();
  const track = useRef<HTMLDivElement>(null);
  const [enhanced, setEnhanced] = useState(false);
  const [current, setCurrent] = useState(0);

  // The slide a step was asked for while its smooth scroll runs: the strip's position passes the
  // slides in between, and a second click on "next" mid-way must go on from the target, not from them.
  const pending = useRef<number | null>(null);

  useEffect(() => {
    setEnhanced(true);
    const strip = track.current;
    if (!strip) return;
    let frame = 0;
    // scrollLeft runs negative in right-to-left pages; its size still counts the slides passed.
    const inView = () => Math.min(Math.max(Math.round(Math.abs(strip.scrollLeft) / Math.max(strip.clientWidth, 1)), 0), strip.children.length - 1);
    // The slide in view becomes the current one, unless a step is still on its way to another.
    const settle = () => {
      const index = inView();
      if (pending.current !== null && pending.current !== index) return;
      pending.current = null;
      setCurrent(index);
    };
    const onScroll = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(settle);
    };
    // A visitor who takes over (finger, wheel, keys) ends any step in progress.
    const takeOver = () => {
      pending.current = null;
    };
    strip.addEventListener("scroll", onScroll, { passive: true });
    strip.addEventListener("scrollend", settle);
    strip.addEventListener("pointerdown", takeOver, { passive: true });
    strip.addEventListener("wheel", takeOver, { passive: true });
    strip.addEventListener("keydown", takeOver);
    return () => {
      strip.removeEventListener("scroll", onScroll);
      strip.removeEventListener("scrollend", settle);
      strip.removeEventListener("pointerdown", takeOver);
      strip.removeEventListener("wheel", takeOver);
      strip.removeEventListener("keydown", takeOver);
      cancelAnimationFrame(frame);
    };
  }, []);

  function show(index: number) {
    const strip = track.current;
    if (!strip) return;
    const target = (index + slides.length) % slides.length;
    const slide = strip.children[target] as HTMLElement | undefined;
    const smooth = !window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    pending.current = target;
    // inline "start" is the right edge in Arabic, so the same call serves both directions.
    slide?.scrollIntoView({ behavior: smooth ? "smooth" : "auto", block: "nearest", inline: "start" });
    setCurrent(target);
  }

  function jump(event: MouseEvent<HTMLAnchorElement>, index: number) {
    // Without JavaScript the fragment link scrolls the strip by itself; with it, no page jump.
    event.preventDefault();
    show(index);
  }

  if (!slides.length) return null;
  return (
    <section
      className="hero-slider"
      aria-roledescription={t("home.slider.roleDescription")}
      aria-label={t("home.slider.label")}
      data-enhanced={enhanced ? "" : undefined}
    >
      <div className="slider-track" ref={track}>
        {slides.map((slide, i) => (
          <div
            key={slide.id}
            id={slideId(slide.id)}
            className="slide"
            role="group"
            aria-roledescription={t("home.slider.slideRoleDescription")}
            aria-label={t("home.slider.position", { index: i + 1, total: slides.length })}
          >
            {/* The first slide is the page's largest image above the fold: no lazy loading. */}
            <ApiImage className="slide-image" image={slide.image} lazy={i > 0} priority={i === 0} sizes={IMAGE_SIZES.hero} />
            <div className="slide-caption">
              <p className="slide-title">{slide.title}</p>
              <p className="slide-subtitle">{slide.subtitle}</p>
              <Link to={slide.path} className="button button-primary slide-link">
                {slide.linkLabel}
              </Link>
            </div>
          </div>
        ))}
      </div>
      {slides.length > 1 ? (
        <div className="slider-controls">
          {/* Shown from the server's page: a tap before hydration finishes does nothing, as on any button of the page. */}
          <button type="button" className="slider-step" onClick={() => show(current - 1)}>
            <span aria-hidden="true" className="slider-chevron slider-chevron-back" />
            <span className="visually-hidden">{t("home.slider.previous")}</span>
          </button>
          <ol className="slider-dots">
            {slides.map((slide, i) => (
              <li key={slide.id}>
                <a
                  href={`#${slideId(slide.id)}`}
                  className="slider-dot"
                  aria-label={t("home.slider.goTo", { index: i + 1, title: slide.title })}
                  aria-current={i === current ? "true" : undefined}
                  onClick={(event) => jump(event, i)}
                >
                  <span className="visually-hidden">{i + 1}</span>
                </a>
              </li>
            ))}
          </ol>
          <button type="button" className="slider-step" onClick={() => show(current + 1)}>
            <span className="visually-hidden">{t("home.slider.next")}</span>
            <span aria-hidden="true" className="slider-chevron slider-chevron-forward" />
          </button>
        </div>
      ) : null}
    </section>
  );
}
