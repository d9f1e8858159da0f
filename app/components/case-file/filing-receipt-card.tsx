import { buttonClasses } from "~/components/ui/button";
import { formatDateTime } from "~/lib/format";
import type { FilingReceiptView } from "~/modules/case-file/filing-receipt.server";

/**
 * The case page's filing receipt (issue 32): the PDF made at submission, and its SHA-256 so that a copy can be
 * checked; while the job makes it, a line saying so.
 */
export function FilingReceiptCard({ caseId, receipt, forOwner }: { caseId: string; receipt: FilingReceiptView; forOwner: boolean }) {
  return (
    <section aria-labelledby="titre-accuse" className="rounded-xl bg-white p-6 shadow-sm ring-1 ring-slate-200" data-filing-receipt={receipt.state}>
      <h2 id="titre-accuse" className="text-xl font-bold text-slate-900">
        Accusé de dépôt
      </h2>
      {receipt.state === "ready" ? (
        <>
          <p className="mt-2 text-slate-800">
            {forOwner
              ? "Il prouve le dépôt de votre dossier\u202f: sa date et son heure, les paiements déclarés et l'empreinte de chaque preuve. Il vous a aussi été envoyé par e-mail."
              : "Remis au client au dépôt du dossier\u202f: sa date et son heure, les paiements déclarés et l'empreinte de chaque preuve."}
          </p>
          <p className="mt-4">
            <a href={`/case/${encodeURIComponent(caseId)}/accuse-de-depot.pdf`} className={buttonClasses({ size: "lg" })} download>
              Télécharger l'accusé de dépôt (PDF)
            </a>
          </p>
          <div className="mt-4 text-sm text-slate-800">
            <p>
              Établi le <time dateTime={receipt.generatedAt}>{formatDateTime(receipt.generatedAt)}</time>. Pour vérifier qu'une copie est conforme, comparez
              son empreinte SHA-256 à celle-ci&#x202f;:
            </p>
            <p className="mt-1 break-all rounded-md bg-slate-50 px-3 py-2 font-mono text-slate-900" data-receipt-sha256="">
              {receipt.sha256}
            </p>
          </div>
        </>
      ) : (
        <p className="mt-2 text-slate-800">
          L'accusé de dépôt est en cours de préparation&#x202f;: rechargez la page dans quelques instants pour le télécharger.
        </p>
      )}
    </section>
  );
}
