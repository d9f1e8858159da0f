import { BackToDashboardLink, ButtonLink } from "~/components/ui/button";

/**
 * The not-found screen: French first (issue 29), then the figure and the specification's English sentence (§2),
 * marked as English for screen readers, and a way home.
 */
export function NotFoundMessage() {
  return (
    <section className="mx-auto max-w-xl px-4 py-16 text-center">
      <h1 className="text-3xl font-bold text-slate-900">Page introuvable</h1>
      <p className="mt-4 text-6xl font-bold text-brand-800">404</p>
      <p className="mt-4 text-lg text-slate-700">Cette adresse ne mène à aucune page du site.</p>
      <p lang="en" className="mt-2 text-base text-slate-600">Oops! Page not found</p>
      <ButtonLink variant="link" className="mt-6" to="/">
        Retour à l'accueil
      </ButtonLink>
    </section>
  );
}

/**
 * A refusal with its reason ('Vous n'avez pas accès à ce dossier'): a 404 when the thing's existence must not be
 * revealed, a 403 otherwise. The way on is the dashboard (spec, second document §8).
 */
export function RefusalMessage({ status, message }: { status: number; message: string }) {
  return (
    <section className="mx-auto max-w-xl px-4 py-16 text-center" data-refusal={status}>
      <p className="text-5xl font-bold text-brand-800">{status}</p>
      <h1 className="mt-4 text-2xl font-bold text-slate-900">{message}</h1>
      <BackToDashboardLink variant="primary" className="mt-6" />
    </section>
  );
}
