import { Link } from "react-router";

/** The not-found screen of the spec (§2): the figure, the sentence, a way home. */
export function NotFoundMessage() {
  return (
    <section className="mx-auto max-w-xl px-4 py-16 text-center">
      <h1 className="text-6xl font-bold text-brand-800">404</h1>
      <p lang="en" className="mt-4 text-xl">Oops! Page not found</p>
      <Link to="/" className="mt-6 inline-flex min-h-11 items-center font-semibold text-brand-700 underline">
        Retour à l'accueil
      </Link>
    </section>
  );
}
