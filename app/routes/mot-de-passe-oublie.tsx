import type { Route } from "./+types/mot-de-passe-oublie";
import { useOperator } from "~/components/use-operator";
import { safetyNotice } from "~/content/site";
import { staticPageHandle } from "~/lib/page-handle";
import { publicPageMeta } from "~/lib/seo";

export const handle = staticPageHandle;

export const meta: Route.MetaFunction = (args) =>
  publicPageMeta(args, {
    title: "Mot de passe oublié",
    description: "Vous avez oublié le mot de passe de votre espace Recours ? Voici comment retrouver l'accès à votre compte.",
  });

/** Until reset links by email exist, the way back into an account is to write to the team from the account's address. */
export default function ForgottenPasswordPage() {
  const operator = useOperator();
  return (
    <section className="mx-auto max-w-xl px-4 py-16">
      <h1 className="text-3xl font-bold text-slate-900">Mot de passe oublié ?</h1>
      <p className="mt-4 text-lg text-slate-800">
        Écrivez-nous depuis l'adresse email de votre compte, à{" "}
        <a href={`mailto:${operator.email}`} className="break-all font-semibold text-brand-800 underline underline-offset-2">
          {operator.email}
        </a>
        . Nous vous aiderons à retrouver l'accès à votre espace.
      </p>
      <p className="mt-4 rounded-lg border-l-4 border-amber-600 bg-amber-50 p-4 text-amber-950">{safetyNotice}</p>
      <a href="/connexion" className="mt-6 inline-block font-semibold text-brand-800 underline underline-offset-2">
        Retour à la connexion
      </a>
    </section>
  );
}
