import type { Route } from "./+types/premiers-reflexes";
import { ClosingCallToAction } from "~/components/marketing/call-to-action";
import { ContentLink } from "~/components/marketing/content-link";
import { PageHero } from "~/components/marketing/page-hero";
import { PageSection } from "~/components/marketing/page-section";
import { RichText } from "~/components/marketing/rich-text";
import { StepNumber } from "~/components/marketing/step-list";
import { Notice } from "~/components/ui/notice";
import { firstStepsContent as content } from "~/content/pages/first-steps";
import { staticPageHandle } from "~/lib/page-handle";
import { publicPageMeta } from "~/content/seo";

export const handle = staticPageHandle;

export const meta: Route.MetaFunction = (args) =>
  publicPageMeta(args, { title: content.metaTitle, description: content.metaDescription });

export default function FirstStepsPage() {
  const warning = content.recoveryScamWarning;
  return (
    <>
      <PageHero
        heading={content.heading}
        lead={
          <div className="space-y-3">
            {content.intro.map((paragraph, index) => (
              <p key={index}>
                <RichText text={paragraph} />
              </p>
            ))}
          </div>
        }
      />
      <PageSection id="etapes" heading={content.steps.heading}>
        <ol className="space-y-5">
          {content.steps.items.map((step, index) => (
            <li key={step.title} className="flex gap-4 rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
              <StepNumber value={index + 1} />
              <div className="min-w-0">
                <h3 className="text-lg font-semibold text-slate-900">
                  <span className="sr-only">Étape {index + 1}&#x202f;: </span>
                  {step.title}
                </h3>
                <p className="mt-2 text-slate-800">
                  <RichText text={step.text} />
                </p>
                {step.contacts ? (
                  <ul className="mt-3 flex flex-wrap gap-3">
                    {step.contacts.map((contact) => (
                      <li key={contact.href}>
                        <ContentLink
                          href={contact.href}
                          className="inline-flex min-h-11 items-center rounded-lg border-2 border-brand-700 px-4 py-2 font-semibold text-brand-800 hover:bg-brand-50"
                        >
                          {contact.label}
                        </ContentLink>
                        {contact.note ? <span className="ml-2 text-sm text-slate-700">{contact.note}</span> : null}
                      </li>
                    ))}
                  </ul>
                ) : null}
              </div>
            </li>
          ))}
        </ol>
        <p className="mt-6 max-w-3xl text-slate-800">
          <RichText text={content.outsideFranceNote} />
        </p>
      </PageSection>
      <div className="mx-auto max-w-6xl px-4 pb-12">
        <Notice id="arnaques-recuperation" tone="warning" title={warning.title}>
          <p>
            <RichText text={warning.intro} />
          </p>
          <ul className="list-disc space-y-1 pl-5">
            {warning.items.map((item, index) => (
              <li key={index}>
                <RichText text={item} />
              </li>
            ))}
          </ul>
          <p className="font-semibold">
            <RichText text={warning.ourPromise} />
          </p>
        </Notice>
      </div>
      <ClosingCallToAction heading={content.closing.heading} text={content.closing.text} cta={content.closing.cta} />
    </>
  );
}
