import { ButtonLink } from "~/components/ui/button";
import type { AgreementPanel } from "~/modules/agreements/agreements.server";

/** The case page's way to the invoices: shown once an agreement has been in force (invoices come only from one). */
export function InvoicesCard({ panel }: { panel: AgreementPanel }) {
  const state = panel.current?.state;
  if (state !== "active" && state !== "withdrawn") return null;
  const forLawyer = panel.viewer === "lawyer";
  return (
    <section aria-labelledby="titre-factures" className="rounded-xl bg-white p-6 shadow-sm ring-1 ring-slate-200" data-invoices-card="">
      <h2 id="titre-factures" className="text-xl font-bold text-slate-900">
        Factures
      </h2>
      <p className="mt-2 text-slate-800">
        {forLawyer
          ? "Émettez la facture de vos honoraires à partir de la convention et des sommes récupérées, et retrouvez les factures et avoirs du dossier."
          : "Les factures et avoirs de votre avocat pour ce dossier, à télécharger en PDF."}
      </p>
      <ButtonLink variant="secondary" className="mt-4" to={`/case/${encodeURIComponent(panel.caseId)}/factures`}>
        {forLawyer ? "Factures du dossier" : "Voir les factures"}
      </ButtonLink>
    </section>
  );
}
