import { Link } from "react-router";
import type { Route } from "./+types/home";
import { pageTitle } from "~/content/site";

export const meta: Route.MetaFunction = () => [
  { title: pageTitle("Récupérez l'argent perdu dans une arnaque en ligne") },
  {
    name: "description",
    content: "Victime d'une arnaque en ligne ? Des avocats partenaires vous aident à récupérer votre argent. Analyse gratuite, aucun frais à l'avance.",
  },
];

export default function Home() {
  return (
    <section className="mx-auto max-w-4xl px-4 py-16 text-center">
      <h1 className="text-3xl font-bold sm:text-4xl">Victime d'une arnaque en ligne ? Récupérez votre argent.</h1>
      <p className="mt-4 text-lg text-slate-700">
        Des avocats spécialisés étudient votre dossier gratuitement. Vous ne payez rien à l'avance : 20 % seulement en
        cas de récupération.
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link to="/inscription" className="rounded-md bg-brand-700 px-5 py-3 font-semibold text-white hover:bg-brand-800">
          Récupérer mon argent maintenant
        </Link>
        <Link to="/fonctionnement" className="rounded-md border border-brand-700 px-5 py-3 font-semibold text-brand-800">
          Comment ça marche ?
        </Link>
      </div>
    </section>
  );
}
