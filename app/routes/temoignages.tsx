import type { Route } from "./+types/temoignages";
import { ClosingCallToAction } from "~/components/marketing/call-to-action";
import { PageHero } from "~/components/marketing/page-hero";
import { PageSection } from "~/components/marketing/page-section";
import { RatingSummary } from "~/components/marketing/rating-summary";
import { TestimonialList } from "~/components/marketing/testimonial-list";
import { testimonialsContent as content } from "~/content/pages/testimonials";
import { staticPageHandle } from "~/lib/page-handle";
import { publicPageMeta } from "~/content/seo";

export const handle = staticPageHandle;

export const meta: Route.MetaFunction = (args) =>
  publicPageMeta(args, { title: content.metaTitle, description: content.metaDescription });

export default function TestimonialsPage() {
  return (
    <>
      <PageHero heading={content.heading} lead={<p>{content.intro}</p>}>
        <div className="mt-6 inline-block rounded-xl border border-brand-100 bg-white px-5 py-4 text-lg text-slate-900">
          <RatingSummary />
        </div>
      </PageHero>
      <PageSection id="temoignages-clients" heading="Six parcours" tone="muted">
        <TestimonialList items={content.testimonials} />
      </PageSection>
      <ClosingCallToAction heading={content.closing.heading} text={content.closing.text} cta={content.closing.cta} />
    </>
  );
}
