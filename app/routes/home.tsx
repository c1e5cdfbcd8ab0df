import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { DealTeaser } from "~/components/home/deal-teaser";
import { HeroSlider } from "~/components/home/hero-slider";
import { PostTeaser } from "~/components/home/post-teaser";
import { SectionHeading } from "~/components/home/section-heading";
import { Steps } from "~/components/home/steps";
import { TestimonialTeaser } from "~/components/home/testimonial-teaser";
import { TreatmentCard } from "~/components/treatment-card";
import { ownPaths, pathFor } from "~/lib/site/route-table";
import { buildPageMeta, getPageText, getSettings, getT, loadHomeSections, medicalClinicJsonLd, pageRoute } from "./home.server";
import { pageMeta, siteConfig } from "~/components/page-kit";

export const meta = pageMeta;

/** The home text in locales/{lng}/pages.json: steps, reasons, what an offer holds, the call to request one. */
const SECTION = { steps: 0, why: 1, offerIncludes: 2, offerCall: 3 } as const;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { page, lang } = pageRoute("home", request);
  const [t, content] = await Promise.all([getT(lang), getPageText("home", lang)]);
  const [sections, settings] = await Promise.all([loadHomeSections(context, lang), getSettings(context)]);
  const links = {
    offer: pathFor("get-an-offer", lang)!,
    how: pathFor("how-it-works", lang),
    why: pathFor("why-us", lang),
    treatments: pathFor("treatments", lang)!,
    deals: pathFor("special-deals", lang),
    testimonials: pathFor("testimonials", lang),
    blog: pathFor("blog", lang),
  };
  return {
    meta: await buildPageMeta(context.config.siteUrl, lang, {
      title: t(page.pageTitle),
      description: content.metaDescription,
      paths: ownPaths(page),
      brandFirst: true,
    }),
    jsonLd: medicalClinicJsonLd(context.config.siteUrl, lang, settings),
    heading: t("home.heading", { brand: siteConfig.brand }),
    lead: content.lead,
    steps: content.sections[SECTION.steps],
    why: content.sections[SECTION.why],
    offerIncludes: content.sections[SECTION.offerIncludes],
    offerCall: content.sections[SECTION.offerCall],
    ...sections,
    links,
  };
}

export default function Home() {
  const data = useLoaderData<typeof loader>();
  const { heading, lead, slides, treatments, deals, testimonials, posts, steps, why, offerIncludes, offerCall, links } = data;
  const { t } = useTranslation();
  return (
    <>
      <section className="home-hero" aria-labelledby="home-heading">
        <div className="container home-hero-grid">
          <div className="home-hero-text">
            <h1 id="home-heading">{heading}</h1>
            <p className="lead">{lead}</p>
            <div className="home-hero-actions">
              <Link to={links.offer} className="button button-cta button-large">
                {t("home.primaryCta")}
              </Link>
              {links.how ? (
                <Link to={links.how} className="button button-ghost button-large">
                  {t("home.secondaryCta")}
                </Link>
              ) : null}
            </div>
            <dl className="home-stats">
              {(["patients", "countries", "hospitals", "followUp"] as const).map((key) => (
                <div key={key}>
                  <dt>{t(`home.stats.${key}.label`)}</dt>
                  <dd>{t(`home.stats.${key}.value`)}</dd>
                </div>
              ))}
            </dl>
          </div>
          <HeroSlider slides={slides} />
        </div>
      </section>

      {treatments.length ? (
        <section className="home-section" aria-labelledby="home-treatments">
          <div className="container">
            <SectionHeading
              id="home-treatments"
              title={t("home.treatments.title")}
              intro={t("home.treatments.intro")}
              more={{ to: links.treatments, label: t("home.treatments.all") }}
            />
            <ul className="home-treatment-grid">
              {treatments.map((item) => (
                <li key={item.id}>
                  <TreatmentCard item={item} lazy headingLevel={3} />
                </li>
              ))}
              <li className="home-all-tile">
                <Link to={links.treatments}>
                  <span className="home-all-tile-title">{t("home.treatments.all")}</span>
                  <span className="home-all-tile-text">{t("home.treatments.allText")}</span>
                </Link>
              </li>
            </ul>
          </div>
        </section>
      ) : null}

      {steps ? (
        <section className="home-section home-section-alt" aria-labelledby="home-steps">
          <div className="container">
            <SectionHeading
              id="home-steps"
              title={steps.heading}
              intro={steps.paragraphs[0]}
              more={links.how ? { to: links.how, label: t("home.how.more") } : null}
            />
            <Steps items={steps.items ?? []} />
          </div>
        </section>
      ) : null}

      {deals.length ? (
        <section className="home-section" aria-labelledby="home-deals">
          <div className="container">
            <SectionHeading
              id="home-deals"
              title={t("home.deals.title")}
              intro={t("home.deals.intro")}
              more={links.deals ? { to: links.deals, label: t("home.deals.all") } : null}
            />
            <ul className="home-card-grid">
              {deals.map((deal) => (
                <li key={deal.id}>
                  <DealTeaser deal={deal} />
                </li>
              ))}
            </ul>
          </div>
        </section>
      ) : null}

      {why ? (
        <section className="home-section home-why" aria-labelledby="home-why">
          <div className="container home-why-grid">
            <div>
              <h2 id="home-why">{why.heading}</h2>
              {why.paragraphs.map((p) => (
                <p key={p} className="home-why-lead">
                  {p}
                </p>
              ))}
              {links.why ? (
                <Link to={links.why} className="button button-secondary">
                  {t("home.why.more")}
                </Link>
              ) : null}
            </div>
            <ul className="home-why-list">
              {(why.items ?? []).map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          </div>
        </section>
      ) : null}

      {testimonials.length ? (
        <section className="home-section home-section-alt" aria-labelledby="home-testimonials">
          <div className="container">
            <SectionHeading
              id="home-testimonials"
              title={t("home.testimonials.title")}
              intro={t("home.testimonials.intro")}
              more={links.testimonials ? { to: links.testimonials, label: t("home.testimonials.all") } : null}
            />
            <ul className="home-card-grid">
              {testimonials.map((item) => (
                <li key={item.id}>
                  <TestimonialTeaser item={item} />
                </li>
              ))}
            </ul>
          </div>
        </section>
      ) : null}

      {posts.length ? (
        <section className="home-section" aria-labelledby="home-posts">
          <div className="container">
            <SectionHeading
              id="home-posts"
              title={t("home.posts.title")}
              intro={t("home.posts.intro")}
              more={links.blog ? { to: links.blog, label: t("home.posts.all") } : null}
            />
            <ul className="home-card-grid">
              {posts.map((post) => (
                <li key={post.id}>
                  <PostTeaser post={post} />
                </li>
              ))}
            </ul>
          </div>
        </section>
      ) : null}

      <section className="home-offer" aria-labelledby="home-offer">
        <div className="container home-offer-grid">
          <div>
            <h2 id="home-offer">{offerCall?.heading ?? t("offerCallout.title")}</h2>
            <p>{offerCall?.paragraphs[0] ?? t("offerCallout.text")}</p>
            <Link to={links.offer} className="button button-cta button-large">
              {t("home.primaryCta")}
            </Link>
          </div>
          {offerIncludes ? (
            <div className="home-offer-includes">
              <h3>{offerIncludes.heading}</h3>
              <ul className="checklist">
                {(offerIncludes.items ?? []).map((item) => (
                  <li key={item}>{item}</li>
                ))}
              </ul>
            </div>
          ) : null}
        </div>
      </section>
    </>
  );
}
