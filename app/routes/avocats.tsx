import type { Route } from "./+types/avocats";
import { ClosingCallToAction } from "~/components/marketing/call-to-action";
import { Checklist } from "~/components/marketing/checklist";
import { FeatureGrid } from "~/components/marketing/feature-grid";
import { PageHero } from "~/components/marketing/page-hero";
import { PageSection } from "~/components/marketing/page-section";
import { FeeStatement } from "~/components/marketing/fee-statement";
import { StepList } from "~/components/marketing/step-list";
import { lawyerApplication, lawyersContent as content } from "~/content/pages/lawyers";
import { useOperator } from "~/components/use-operator";
import { staticPageHandle } from "~/lib/page-handle";
import { publicPageMeta } from "~/content/seo";

export const handle = staticPageHandle;

export const meta: Route.MetaFunction = (args) =>
  publicPageMeta(args, { title: content.metaTitle, description: content.metaDescription });

export default function LawyersPage() {
  const application = lawyerApplication(useOperator().email);
  return (
    <>
      <PageHero heading={content.heading} lead={<p>{content.lead}</p>} primary={application.cta} />
      <PageSection id="avantages" heading={content.benefits.heading}>
        <FeatureGrid items={content.benefits.items} columns={4} />
      </PageSection>
      <PageSection id="honoraires-clients" heading={content.clientFees.heading} intro={<p>{content.clientFees.intro}</p>}>
        <FeeStatement className="max-w-3xl rounded-lg border-l-4 border-brand-700 bg-white p-4 text-slate-900" />
      </PageSection>
      <PageSection id="conditions" heading={content.requirements.heading} intro={<p>{content.requirements.intro}</p>} tone="muted">
        <Checklist items={content.requirements.items} tone="positive" />
      </PageSection>
      <PageSection id="etapes" heading={content.process.heading} intro={<p>{content.process.intro}</p>}>
        <StepList steps={content.process.steps} />
      </PageSection>
      <PageSection id="documents" heading={content.documents.heading} intro={<p>{content.documents.intro}</p>} tone="muted">
        <Checklist items={content.documents.items} tone="neutral" />
      </PageSection>
      <ClosingCallToAction heading={content.application.heading} text={`${content.application.text} ${application.note}`} cta={application.cta} />
    </>
  );
}
