import { ButtonLink } from "~/components/ui/button";

/** The change itself is on its own page: it asks for the password and sends a link to the new address. */
export function EmailSection() {
  return (
    <section aria-labelledby="titre-adresse" className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6">
      <h2 id="titre-adresse" className="text-xl font-bold text-slate-900">
        Mon adresse email
      </h2>
      <p className="mt-2 text-slate-700">
        Pour utiliser une autre adresse, nous vous envoyons un lien de confirmation à la nouvelle. Votre adresse actuelle reste
        en place tant que ce lien n'est pas ouvert.
      </p>
      <ButtonLink
        variant="outline" className="mt-4 py-2"
        to="/compte/email"
      >
        Changer mon adresse email
      </ButtonLink>
    </section>
  );
}
