import { data, Form } from "react-router";
import type { Route } from "./+types/verifier-un-contact";
import { ContactCheckResult } from "~/components/call-verification/contact-check-result";
import { FormAlert } from "~/components/form-controls";
import { PageHero } from "~/components/marketing/page-hero";
import { PageSection } from "~/components/marketing/page-section";
import { RichText } from "~/components/marketing/rich-text";
import { Button } from "~/components/ui/button";
import { TextField } from "~/components/ui/field";
import { verifyContactContent as content } from "~/content/pages/verify-contact";
import { publicPageMeta } from "~/content/seo";
import { staticPageHandle } from "~/lib/page-handle";
import type { FieldErrors } from "~/lib/form";
import { contactCheckSchema, type ContactOwner } from "~/modules/call-verification/call-verification.schema";
import { checkContact } from "~/modules/call-verification/call-verification.server";
import { answerInit, parseForm, retryAfterHeaders } from "~/platform/form.server";
import { currentActor } from "~/platform/guards.server";

/** A page without scripts: its GET is a static page (cached), its form a plain POST whose answer is never cached. */
export const handle = staticPageHandle;

export const headers = retryAfterHeaders;

export const meta: Route.MetaFunction = (args) => publicPageMeta(args, { title: content.metaTitle, description: content.metaDescription });

type Answer = { owner: ContactOwner | null; fieldErrors: FieldErrors; formError: string | undefined; contact: string };
const reply = (answer: Partial<Answer>, init: ResponseInit) => data<Answer>({ owner: null, fieldErrors: {}, formError: undefined, contact: "", ...answer }, init);

export async function action({ request, context }: Route.ActionArgs) {
  const form = await parseForm(request, contactCheckSchema);
  if (!form.ok) return reply({ fieldErrors: form.fieldErrors, contact: form.values.contact ?? "" }, { status: 400 });
  const result = await checkContact(currentActor(context), form.data);
  if (!result.ok) return reply({ formError: result.formError, contact: form.data.contact }, answerInit(result));
  return reply({ owner: result.owner, contact: form.data.contact }, { status: 200 });
}

export default function VerifyContactPage({ actionData }: Route.ComponentProps) {
  return (
    <>
      <PageHero
        heading={content.heading}
        lead={content.intro.map((paragraph, index) => (
          <p key={index}>
            <RichText text={paragraph} />
          </p>
        ))}
      />
      <PageSection id="verifier" heading={content.check.heading} intro={content.check.intro}>
        <div className="max-w-2xl space-y-6">
          <Form method="post" noValidate className="space-y-4" data-contact-check="">
            <FormAlert message={actionData?.formError} />
            <TextField
              name="contact"
              label={content.check.label}
              hint={content.check.hint}
              autoComplete="off"
              maxLength={300}
              defaultValue={actionData?.contact ?? ""}
              error={actionData?.fieldErrors.contact}
            />
            <Button size="lg">{content.check.submit}</Button>
          </Form>
          {actionData?.owner ? <ContactCheckResult owner={actionData.owner} contact={actionData.contact} /> : null}
        </div>
      </PageSection>
      <PageSection id="code-appel" heading={content.callCode.heading} tone="muted">
        <ul className="max-w-3xl list-disc space-y-2 pl-5 text-slate-800">
          {content.callCode.items.map((item, index) => (
            <li key={index}>
              <RichText text={item} />
            </li>
          ))}
        </ul>
      </PageSection>
    </>
  );
}
