import { engagementsContent as content } from "~/content/pages/engagements";
import { useOperator } from "~/components/use-operator";
import { ContentLink } from "./content-link";
import { FeatureGrid } from "./feature-grid";
import { PageSection } from "./page-section";

/** 'Nos engagements': what Recours never asks for, so that anyone asking for it in our name is recognised. */
export function Engagements() {
  const operator = useOperator();
  return (
    <PageSection id="nos-engagements" heading={content.heading} intro={<p>{content.intro}</p>}>
      <FeatureGrid items={content.commitments} columns={4} />
      <p className="mt-6">
        <ContentLink href={content.lawyerDirectoryLink.href} className="inline-flex min-h-11 items-center gap-1 font-semibold text-brand-800 underline underline-offset-2">
          {content.lawyerDirectoryLink.text}
        </ContentLink>
      </p>
      <p className="mt-4 rounded-lg border-l-4 border-amber-600 bg-amber-50 p-4 text-amber-950">
        {content.impostorWarning}{" "}
        <a href={`mailto:${operator.email}`} className="break-all font-semibold underline underline-offset-2">
          {operator.email}
        </a>
      </p>
    </PageSection>
  );
}
