import { data } from "react-router";
import type { Route } from "./+types/compte-donnees-export";
import { pageTitle } from "~/content/site";
import { exportLinkState } from "~/modules/privacy/data-export.server";
import { requireUser } from "~/platform/guards.server";
import { Button, ButtonLink } from "~/components/ui/button";
import { formatSize } from "~/lib/format";

export const meta: Route.MetaFunction = () => [
  { title: pageTitle("Télécharger mes données") },
  { name: "robots", content: "noindex" },
];

/** The emailed link: opening it spends nothing (mail scanners, previews); the button below downloads, once. */
export async function loader({ url, context }: Route.LoaderArgs) {
  const actor = requireUser(context);
  const token = url.searchParams.get("token");
  const state = await exportLinkState(actor, token);
  if (state.state !== "ready") return data({ ...state, token: null }, { status: state.status, headers: { "Cache-Control": "no-store" } });
  return data({ ...state, token }, { headers: { "Cache-Control": "no-store" } });
}

export default function DataExportLinkPage({ loaderData }: Route.ComponentProps) {
  const back = (
    <ButtonLink
      variant="secondary" className="mt-5 py-2"
      to="/compte/donnees"
    >
      Aller à « Mes données »
    </ButtonLink>
  );
  return (
    <div className="mx-auto max-w-3xl px-4 py-8">
      <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">Télécharger mes données</h1>
      {loaderData.state === "ready" ? (
        <section aria-labelledby="titre-fichier" className="mt-6 rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6">
          <h2 id="titre-fichier" className="text-xl font-bold text-slate-900">
            Votre fichier est prêt
          </h2>
          <p className="mt-2 text-slate-700">
            Un fichier ZIP de {formatSize(loaderData.sizeBytes)},
            disponible jusqu'au <time dateTime={loaderData.expiresAt.iso}>{loaderData.expiresAt.text}</time>. Le lien ne fonctionne
            qu'une fois&#x202f;: le fichier est supprimé de nos serveurs dès qu'il est téléchargé.
          </p>
          <p className="mt-2 font-semibold text-slate-900">
            Il contient vos documents d'identité&#x202f;: enregistrez-le sur un appareil personnel, dans un endroit sûr.
          </p>
          {/* A plain form (not intercepted by the router): the browser saves the answer as a file. */}
          <form method="post" action="/compte/donnees/export/fichier" className="mt-5">
            <input type="hidden" name="token" value={loaderData.token ?? ""} />
            <Button
              size="lg"
              type="submit"
            >
              Télécharger le fichier ZIP
            </Button>
          </form>
        </section>
      ) : (
        <div role="alert" className="mt-6 rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6">
          <p className="text-slate-900">{loaderData.message}</p>
          {back}
        </div>
      )}
    </div>
  );
}
