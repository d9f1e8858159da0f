import type { Route } from "./+types/avocats";
import { ClosingCallToAction } from "~/components/marketing/call-to-action";
import { Checklist } from "~/components/marketing/checklist";
import { FeatureGrid } from "~/components/marketing/feature-grid";
import { PageHero } from "~/components/marketing/page-hero";
import { PageSection } from "~/components/marketing/page-section";
import { StepList } from "~/components/marketing/step-list";
import { lawyersContent as content } from "~/content/pages/lawyers";
import { staticPageHandle } from "~/lib/page-handle";
import { publicPageMeta } from "~/lib/seo";

export const handle = staticPageHandle;

export const meta: Route.MetaFunction = (args) =>
  publicPageMeta(args, { title: content.metaTitle, description: content.metaDescription });

export default function LawyersPage() {
  return (
    <>
      <PageHero heading={content.heading} lead={<p>{content.lead}</p>} primary={content.application.cta} />
      <PageSection id="avantages" heading={content.benefits.heading}>
        <FeatureGrid items={content.benefits.items} columns={4} />
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
      <ClosingCallToAction heading={content.application.heading} text={`${content.application.text} ${content.application.note}`} cta={content.application.cta} />
    </>
  );
}
