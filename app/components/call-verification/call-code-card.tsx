import { Form, Link } from "react-router";
import { Button, ButtonLink } from "~/components/ui/button";
import { VERIFY_CONTACT_PATH } from "~/content/pages/verify-contact";
import { callCodeMessages, type ClientCallCode } from "~/modules/call-verification/call-verification.schema";

export const CALL_CODE_PAGE = "/code-appel";

/** The code as it is read out: large and spaced. */
export function CallCodeDisplay({ code }: { code: string }) {
  return (
    <p className="mt-3 font-mono text-4xl font-bold tracking-[0.2em] text-slate-900" data-call-code="">
      <span className="sr-only">Code&#x202f;: </span>
      <span data-call-code-value="">{code}</span>
    </p>
  );
}

/**
 * The client's call code (decision 84), on their dashboard and case pages: what it is for, the code, "Oui, on m'a lu
 * ce code" (the code is used, a new one shows) and the way to check a code they were read.
 */
export function CallCodeCard({ callCode, withCheckLink = true }: { callCode: ClientCallCode; withCheckLink?: boolean }) {
  return (
    <section aria-labelledby="titre-code-appel" data-call-code-card="" className="rounded-xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
      <h2 id="titre-code-appel" className="text-xl font-bold text-slate-900">
        Vérifier un appel&#x202f;: votre code
      </h2>
      <p className="mt-2 text-slate-800">{callCodeMessages.explanation}</p>
      <CallCodeDisplay code={callCode.code} />
      <p className="mt-2 text-sm text-slate-700">{callCodeMessages.rotation}</p>
      <div className="mt-4 flex flex-wrap gap-3">
        <Form method="post" action={`${CALL_CODE_PAGE}?intent=confirm`}>
          <input type="hidden" name="shown" value={callCode.shown} />
          <Button>Oui, on m'a lu ce code</Button>
        </Form>
        {withCheckLink ? (
          <ButtonLink to={CALL_CODE_PAGE} variant="secondary">
            Vérifier un code qu'on m'a lu
          </ButtonLink>
        ) : null}
      </div>
      <p className="mt-4 text-sm text-slate-800">
        Un doute sur une adresse e-mail, un numéro ou un site&#x202f;?{" "}
        <Link to={VERIFY_CONTACT_PATH} className="font-semibold text-brand-800 underline underline-offset-2">
          Vérifier un contact
        </Link>
      </p>
    </section>
  );
}

/** On the case page, for the assigned lawyer or an admin: reveal the client's code to read it out on the phone. */
export function RevealCallCodePanel({ caseId }: { caseId: string }) {
  return (
    <section aria-labelledby="titre-code-appel" data-reveal-call-code="" className="rounded-xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
      <h2 id="titre-code-appel" className="text-xl font-bold text-slate-900">
        Appeler le client&#x202f;: son code d'appel
      </h2>
      <p className="mt-2 text-slate-800">
        Avant d'appeler votre client, affichez son code et lisez-le lui au téléphone&#x202f;: il le compare à celui de son espace et sait ainsi que
        l'appel vient bien de vous. Chaque affichage est enregistré au journal.
      </p>
      <Form method="post" action={`/case/${encodeURIComponent(caseId)}/code-appel`} className="mt-4">
        <Button variant="outline">Afficher le code à lire au client</Button>
      </Form>
    </section>
  );
}

/** The case page's part: the client sees their code, the assigned lawyer or an admin may reveal it. */
export function CaseCallCodeSection({ viewer, caseId, callCode }: { viewer: "owner" | "lawyer" | "admin"; caseId: string; callCode: ClientCallCode | null }) {
  if (viewer === "owner") return callCode ? <CallCodeCard callCode={callCode} /> : null;
  return <RevealCallCodePanel caseId={caseId} />;
}
