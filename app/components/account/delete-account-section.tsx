import { ButtonLink } from "~/components/ui/button";

/** The way to 'Supprimer mon compte' (/compte/suppression), shown on /compte and on /compte/donnees. */
export function DeleteAccountSection() {
  return (
    <section aria-labelledby="titre-suppression-compte" className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6">
      <h2 id="titre-suppression-compte" className="text-xl font-bold text-slate-900">
        Supprimer mon compte
      </h2>
      <p className="mt-2 text-slate-700">Ce qui est supprimé tout de suite, ce que la loi nous oblige à garder et combien de temps.</p>
      <ButtonLink
        variant="danger-outline" className="mt-4"
        to="/compte/suppression"
      >
        Supprimer mon compte
      </ButtonLink>
    </section>
  );
}
