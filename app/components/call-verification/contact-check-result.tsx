import { RichText } from "~/components/marketing/rich-text";
import { Notice } from "~/components/ui/notice";
import { verifyContactContent as content } from "~/content/pages/verify-contact";
import type { ContactOwner } from "~/modules/call-verification/call-verification.schema";

/** The public check's answer: Recours, a partner lawyer, or no link (with what to do then). */
export function ContactCheckResult({ owner, contact }: { owner: ContactOwner; contact: string }) {
  if (owner.kind === "none") {
    return (
      <div data-contact-owner="none">
        <Notice id="resultat-contact" tone="danger" title={content.results.none}>
          <p>
            <span className="font-semibold">{contact}</span>&#x202f;: {content.results.noneIntro}
          </p>
          <ul className="list-disc space-y-1 pl-5">
            {content.advice.map((item, index) => (
              <li key={index}>
                <RichText text={item} />
              </li>
            ))}
          </ul>
        </Notice>
      </div>
    );
  }
  return (
    <div data-contact-owner={owner.kind}>
      <Notice id="resultat-contact" tone="success" title={owner.kind === "operator" ? content.results.operator : content.results.lawyer(owner.name)}>
        <p>
          <span className="font-semibold">{contact}</span>&#x202f;: {owner.kind === "operator" ? content.results.operatorNote : content.results.lawyerNote}
        </p>
      </Notice>
    </div>
  );
}
