import { data, Link } from "react-router";
import type { Route } from "./+types/not-found";
import { pageTitle } from "~/content/site";
import { logger } from "~/platform/logger.server";

export const meta: Route.MetaFunction = () => [{ title: pageTitle("Page introuvable") }, { name: "robots", content: "noindex" }];

export function loader({ request }: Route.LoaderArgs) {
  logger.info({ path: new URL(request.url).pathname }, "page introuvable");
  return data(null, { status: 404 });
}

export default function NotFound() {
  return (
    <section className="mx-auto max-w-xl px-4 py-16 text-center">
      <h1 className="text-6xl font-bold text-brand-800">404</h1>
      <p className="mt-4 text-xl">Oops! Page not found</p>
      <Link to="/" className="mt-6 inline-block font-semibold text-brand-700 underline">
        Retour à l'accueil
      </Link>
    </section>
  );
}
