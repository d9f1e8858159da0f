import type { Route } from "./+types/a-propos";
import { ClosingCallToAction } from "~/components/marketing/call-to-action";
import { FeatureGrid } from "~/components/marketing/feature-grid";
import { PageHero } from "~/components/marketing/page-hero";
import { PageSection } from "~/components/marketing/page-section";
import { RichText } from "~/components/marketing/rich-text";
import { useOperator } from "~/components/use-operator";
import { aboutContent as content } from "~/content/pages/about";
import { staticPageHandle } from "~/lib/page-handle";
import { publicPageMeta } from "~/content/seo";

export const handle = staticPageHandle;

export const meta: Route.MetaFunction = (args) =>
  publicPageMeta(args, { title: content.metaTitle, description: content.metaDescription });

const prose = "max-w-3xl space-y-4 text-lg text-slate-800";

export default function AboutPage() {
  const operator = useOperator();
  return (
    <>
      <PageHero heading={content.heading} lead={<p>{content.lead}</p>} />
      <PageSection id="mission" heading={content.mission.heading}>
        <div className={prose}>
          {content.mission.paragraphs.map((paragraph, index) => (
            <p key={index}>
              <RichText text={paragraph} />
            </p>
          ))}
        </div>
      </PageSection>
      <PageSection id="valeurs" heading={content.values.heading} tone="muted">
        <FeatureGrid items={content.values.items} columns={4} />
      </PageSection>
      <PageSection id="histoire" heading={content.timeline.heading}>
        <ol className="relative space-y-8 border-l-2 border-brand-100 pl-6">
          {content.timeline.milestones.map((milestone) => (
            <li key={milestone.year} className="relative">
              <span aria-hidden="true" className="absolute -left-[33px] top-1 size-4 rounded-full border-4 border-white bg-brand-700" />
              <h3 className="text-lg font-semibold text-slate-900">
                <span className="text-brand-800">{milestone.year}</span> – {milestone.title}
              </h3>
              <p className="mt-1 max-w-3xl text-slate-700">{milestone.text}</p>
            </li>
          ))}
        </ol>
      </PageSection>
      <PageSection id="dirigeant" heading={content.leader.heading} tone="muted">
        <div className="max-w-3xl rounded-xl border border-slate-200 bg-white p-6">
          <p className="text-lg font-semibold text-slate-900">{operator.publicationDirector}</p>
          <p className="text-brand-800">{content.leader.role}</p>
          <div className="mt-3 space-y-3 text-slate-800">
            {content.leader.portrait.map((paragraph) => (
              <p key={paragraph}>{paragraph}</p>
            ))}
          </div>
        </div>
      </PageSection>
      <PageSection id="informations-legales" heading={content.legalInformation.heading}>
        <div className={prose}>
          {content.legalInformation.paragraphs.map((paragraph, index) => (
            <p key={index}>
              <RichText text={paragraph} />
            </p>
          ))}
        </div>
      </PageSection>
      <ClosingCallToAction heading={content.closing.heading} text={content.closing.text} cta={content.closing.cta} />
    </>
  );
}
