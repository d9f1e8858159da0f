import { Form } from "react-router";
import type { Route } from "./+types/case-code-appel";
import { CallCodeDisplay } from "~/components/call-verification/call-code-card";
import { BackLink, Button } from "~/components/ui/button";
import { pageTitle } from "~/content/site";
import { callCodeCaseFor, revealCallCode } from "~/modules/call-verification/call-verification.server";
import { requireUser } from "~/platform/guards.server";

export const meta: Route.MetaFunction = () => [{ title: pageTitle("Code d'appel du client") }, { name: "robots", content: "noindex" }];

/** The assigned lawyer or an admin only; anyone else gets the case's 404. */
export async function loader({ params, context }: Route.LoaderArgs) {
  return callCodeCaseFor(requireUser(context), params.caseId);
}

/** Reveals the client's code (kept and journaled), shown on this page to be read out. */
export async function action({ params, context }: Route.ActionArgs) {
  return revealCallCode(requireUser(context), params.caseId);
}

export default function CaseCallCodePage({ loaderData, actionData }: Route.ComponentProps) {
  const caseUrl = `/case/${encodeURIComponent(loaderData.caseId)}`;
  return (
    <div className="mx-auto max-w-3xl space-y-6 px-4 py-8">
      <BackLink to={caseUrl} variant="secondary">
        Retour au dossier {loaderData.caseNumber}
      </BackLink>
      <h1 className="text-3xl font-bold text-slate-900">Code d'appel de {loaderData.clientName}</h1>
      <section aria-labelledby="titre-code-client" className="rounded-xl bg-white p-6 shadow-sm ring-1 ring-slate-200" data-revealed-call-code={actionData ? "" : undefined}>
        <h2 id="titre-code-client" className="text-xl font-bold text-slate-900">
          {actionData ? "Lisez ce code à votre client" : "Afficher le code"}
        </h2>
        {actionData ? (
          <>
            <CallCodeDisplay code={actionData.code} />
            <p className="mt-3 text-slate-800">
              Votre client le compare au code de son espace, puis le confirme&#x202f;: son code change alors. Si les deux codes diffèrent, affichez-le à
              nouveau (il a pu changer à minuit ou après une utilisation).
            </p>
          </>
        ) : (
          <>
            <p className="mt-2 text-slate-800">L'affichage est enregistré au journal, avec votre nom et l'heure&#x202f;; votre client les voit s'il vérifie le code.</p>
            <Form method="post" className="mt-4">
              <Button>Afficher le code à lire au client</Button>
            </Form>
          </>
        )}
      </section>
    </div>
  );
}
