import { data, Link } from "react-router";
import type { Route } from "./+types/arnaque";
import { Breadcrumb } from "~/components/marketing/breadcrumb";
import { ClosingCallToAction } from "~/components/marketing/call-to-action";
import { Checklist } from "~/components/marketing/checklist";
import { FaqList } from "~/components/marketing/faq-list";
import { FeatureGrid } from "~/components/marketing/feature-grid";
import { PageHero } from "~/components/marketing/page-hero";
import { PageSection } from "~/components/marketing/page-section";
import { StatGrid } from "~/components/marketing/stat-grid";
import { StepList } from "~/components/marketing/step-list";
import { TestimonialList } from "~/components/marketing/testimonial-list";
import { Notice } from "~/components/ui/notice";
import { scamPages } from "~/content/scam-pages";
import { isScamSlug, type ScamSlug } from "~/content/site";
import type { ScamPageContent, ScamPageSection } from "~/content/types";
import { useFeeModel } from "~/components/use-operator";
import { staticPageHandle } from "~/lib/page-handle";
import { breadcrumbJsonLd, faqJsonLd, publicPageMeta } from "~/content/seo";
import { logger } from "~/platform/logger.server";

export const handle = staticPageHandle;

export function loader({ url, params }: Route.LoaderArgs) {
  if (!isScamSlug(params.slug)) {
    logger.info({ path: url.pathname }, "page introuvable");
    throw data(null, { status: 404 });
  }
  return { slug: params.slug };
}

function breadcrumbFor(slug: ScamSlug, page: ScamPageContent) {
  return [
    { label: "Accueil", to: "/" },
    { label: page.breadcrumbLabel, to: `/arnaques/${slug}` },
  ];
}

export const meta: Route.MetaFunction = (args) => {
  if (!args.loaderData) return [];
  const slug = args.loaderData.slug;
  return publicPageMeta(args, (site) => {
    const page = scamPages(site.fees)[slug];
    return {
      title: page.metaTitle,
      description: page.metaDescription,
      jsonLd: () => [breadcrumbJsonLd(site, breadcrumbFor(slug, page)), ...(page.faq ? [faqJsonLd(page.faq)] : [])],
    };
  });
};

function SectionBody({ section }: { section: ScamPageSection }) {
  switch (section.kind) {
    case "checklist":
      return <Checklist items={section.items} tone={section.tone} />;
    case "features":
      return <FeatureGrid items={section.items} columns={section.items.length >= 4 ? 4 : 3} />;
    case "steps":
      return <StepList steps={section.steps} />;
    case "text":
      return (
        <div className="max-w-3xl space-y-4 text-lg text-slate-800">
          {section.paragraphs.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
        </div>
      );
    case "notice":
      return null;
  }
}

export default function ScamPage({ loaderData }: Route.ComponentProps) {
  const { slug } = loaderData;
  const page = scamPages(useFeeModel())[slug];
  return (
    <>
      <PageHero
        before={<Breadcrumb items={breadcrumbFor(slug, page)} />}
        eyebrow={page.hero.eyebrow}
        heading={page.hero.heading}
        lead={page.hero.lead}
        primary={page.hero.primaryCta}
        secondary={page.hero.secondaryCta}
      >
        <div className="mt-10">
          <StatGrid stats={page.stats} />
        </div>
      </PageHero>

      <div className="mx-auto max-w-6xl px-4 pt-10">
        <Notice id="premiers-reflexes" tone="warning" title="Vous venez d'être victime&#x202f;? Les bons réflexes, tout de suite">
          <p>
            Faites opposition sur votre carte, prévenez votre banque et gardez toutes les preuves.{" "}
            <Link to="/premiers-reflexes" className="font-semibold underline underline-offset-2">
              Voir les premiers réflexes et les numéros utiles
            </Link>
          </p>
        </Notice>
      </div>

      {page.sections.map((section, index) =>
        section.kind === "notice" ? (
          <div key={section.heading} className="mx-auto max-w-6xl px-4 py-8">
            <Notice id={`section-${index}`} tone={section.tone} title={section.heading}>
              <p>{section.text}</p>
            </Notice>
          </div>
        ) : (
          <PageSection
            key={section.heading}
            id={`section-${index}`}
            heading={section.heading}
            intro={"intro" in section && section.intro ? <p>{section.intro}</p> : undefined}
            tone={index % 2 === 0 ? "white" : "muted"}
          >
            <SectionBody section={section} />
          </PageSection>
        ),
      )}

      <PageSection id="temoignages" heading="Des situations comme la vôtre" tone="muted">
        <TestimonialList items={page.testimonials} />
      </PageSection>

      {page.faq ? (
        <PageSection id="questions" heading="Questions fréquentes">
          <FaqList items={page.faq} />
        </PageSection>
      ) : null}

      <ClosingCallToAction heading={page.closing.heading} text={page.closing.text} cta={page.closing.cta} />
    </>
  );
}
