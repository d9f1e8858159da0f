import { Link } from "react-router";
import type { Route } from "./+types/fonctionnement";
import { ClosingCallToAction } from "~/components/marketing/call-to-action";
import { FeeStatement } from "~/components/marketing/fee-statement";
import { Engagements } from "~/components/marketing/engagements";
import { FaqList } from "~/components/marketing/faq-list";
import { FeatureGrid } from "~/components/marketing/feature-grid";
import { PageHero } from "~/components/marketing/page-hero";
import { PageSection } from "~/components/marketing/page-section";
import { StepList } from "~/components/marketing/step-list";
import { howItWorksContent } from "~/content/pages/how-it-works";
import { useFeeModel } from "~/components/use-operator";
import { staticPageHandle } from "~/lib/page-handle";
import { faqJsonLd, publicPageMeta } from "~/content/seo";

export const handle = staticPageHandle;

export const meta: Route.MetaFunction = (args) =>
  publicPageMeta(args, (site) => {
    const content = howItWorksContent(site.fees);
    return {
      title: content.metaTitle,
      description: content.metaDescription,
      jsonLd: () => [faqJsonLd(content.faq.items)],
    };
  });

export default function HowItWorksPage() {
  const content = howItWorksContent(useFeeModel());
  return (
    <>
      <PageHero heading={content.heading} lead={<p>{content.lead}</p>} primary={content.closing.cta} />
      <PageSection id="etapes" heading={content.steps.heading} intro={<p>{content.steps.intro}</p>}>
        <StepList steps={content.steps.items} />
      </PageSection>
      <PageSection id="processus" heading={content.process.heading} intro={<p>{content.process.intro}</p>} tone="muted">
        <StepList steps={content.process.phases} />
        <p className="mt-6 max-w-3xl text-slate-800">{content.process.note}</p>
      </PageSection>
      <PageSection id="garanties" heading={content.guarantees.heading} intro={<p>{content.guarantees.intro}</p>}>
        <FeatureGrid items={content.guarantees.items} columns={content.guarantees.items.length >= 4 ? 4 : 3} />
        <FeeStatement />
        <p className="mt-6 max-w-3xl text-slate-800">
          Ce que les dossiers clos ont donné, chiffres et définitions à l'appui&#x202f;:{" "}
          <Link to="/resultats" className="font-semibold text-brand-800 underline underline-offset-4">
            nos résultats publiés
          </Link>
          .
        </p>
      </PageSection>
      <Engagements />
      <PageSection id="questions" heading={content.faq.heading} tone="muted">
        <FaqList items={content.faq.items} />
      </PageSection>
      <ClosingCallToAction heading={content.closing.heading} text={content.closing.text} cta={content.closing.cta} />
    </>
  );
}
