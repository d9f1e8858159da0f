import { Link } from "react-router";
import type { Route } from "./+types/home";
import { ClosingCallToAction, CallToActionLink } from "~/components/marketing/call-to-action";
import { Engagements } from "~/components/marketing/engagements";
import { FeatureGrid } from "~/components/marketing/feature-grid";
import { PageHero } from "~/components/marketing/page-hero";
import { PageSection } from "~/components/marketing/page-section";
import { RatingSummary } from "~/components/marketing/rating-summary";
import { ScamCardGrid } from "~/components/marketing/scam-card-grid";
import { StatGrid } from "~/components/marketing/stat-grid";
import { FeeStatement } from "~/components/marketing/fee-statement";
import { CheckIcon } from "~/components/ui/icons";
import { homeContent } from "~/content/pages/home";
import { useFeeModel } from "~/components/use-operator";
import { staticPageHandle } from "~/lib/page-handle";
import { legalServiceJsonLd, publicPageMeta } from "~/content/seo";

export const handle = staticPageHandle;

export const meta: Route.MetaFunction = (args) =>
  publicPageMeta(args, (site) => {
    const content = homeContent(site.fees);
    return {
      title: content.metaTitle,
      description: content.metaDescription,
      jsonLd: () => [legalServiceJsonLd(site, content.metaDescription)],
    };
  });

export default function Home() {
  const content = homeContent(useFeeModel());
  return (
    <>
      <PageHero
        heading={content.hero.heading}
        lead={<p>{content.hero.lead}</p>}
        primary={content.hero.primaryCta}
        secondary={content.hero.secondaryCta}
      >
        <ul className="mt-6 flex flex-col gap-2 text-slate-800 sm:flex-row sm:gap-6">
          {content.hero.reassurance.map((point) => (
            <li key={point} className="flex items-center gap-2">
              <CheckIcon className="size-5 text-green-700" />
              {point}
            </li>
          ))}
        </ul>
        <Link to="/temoignages" className="mt-4 inline-block text-slate-800 underline-offset-4 hover:underline">
          <RatingSummary />
        </Link>
        <div className="mt-10">
          <StatGrid stats={content.stats} />
          <p className="mt-3 text-slate-800">
            <Link to="/resultats" className="font-semibold text-brand-800 underline underline-offset-4">
              Nos résultats publiés
            </Link>
            &#x202f;: les dossiers clos et les sommes récupérées, avec leurs définitions.
          </p>
        </div>
      </PageHero>

      <PageSection id="types-arnaques" heading={content.scamTypes.heading} intro={<p>{content.scamTypes.intro}</p>}>
        <ScamCardGrid />
      </PageSection>

      <PageSection
        id="pourquoi-nous"
        heading={content.whyChooseUs.heading}
        intro={<p>{content.whyChooseUs.intro}</p>}
        tone="muted"
      >
        <FeatureGrid items={content.whyChooseUs.benefits} columns={4} />
        <FeeStatement />
      </PageSection>

      <Engagements />

      <PageSection id="expertise" heading={content.expertise.heading} intro={<p>{content.expertise.intro}</p>} tone="muted">
        <FeatureGrid items={content.expertise.blocks} columns={3} />
      </PageSection>

      <PageSection id="avocats" heading={content.lawyerRecruitment.heading} intro={<p>{content.lawyerRecruitment.text}</p>}>
        <FeatureGrid items={content.lawyerRecruitment.benefits} columns={4} />
        <div className="mt-8">
          <CallToActionLink cta={content.lawyerRecruitment.cta} variant="secondary" />
        </div>
      </PageSection>

      <ClosingCallToAction heading={content.closing.heading} text={content.closing.text} cta={content.closing.cta} />
    </>
  );
}
