import { buttonClasses, ButtonLink } from "~/components/ui/button";
import { formatDate, formatDateTime } from "~/lib/format";
import type { AgreementEventView, AgreementPanel } from "~/modules/agreements/agreements.server";

/** How the case's history tells each step of the agreement (client's words, or the lawyer's and the admin's). */
export function agreementTimelineText(event: AgreementEventView, forOwner: boolean): string {
  const version = `(proposition n°\u202f${event.revision})`;
  switch (event.toState) {
    case "proposed":
      return forOwner ? `Votre avocat vous a proposé la convention d'honoraires ${version}` : `Convention d'honoraires proposée ${version}`;
    case "signed":
      return forOwner ? "Vous avez signé la convention d'honoraires" : "Convention signée par le client";
    case "countersigned":
      return "Convention contre-signée par l'avocat";
    case "active":
      return "Convention scellée\u202f: elle est en vigueur";
    case "withdrawn":
      return forOwner ? "Vous vous êtes rétracté de la convention" : "Convention rétractée par le client";
    case "replaced":
      return `Proposition remplacée par une nouvelle version ${version}`;
  }
}

/** The agreement on the case page: where it stands, and the one next step for the person looking. */
export function AgreementCard({ panel }: { panel: AgreementPanel }) {
  const base = `/case/${encodeURIComponent(panel.caseId)}/convention`;
  const current = panel.current;
  const forOwner = panel.viewer === "owner";
  let next: { to: string; label: string } | null = null;
  if (panel.maySign) next = { to: base, label: "Lire et signer la convention" };
  else if (panel.mayCountersign) next = { to: base, label: "Contre-signer la convention" };
  else if (panel.mayPropose && !current) next = { to: base, label: "Proposer la convention" };
  else if (current) next = { to: base, label: "Voir la convention" };
  return (
    <section aria-labelledby="titre-convention" className="rounded-xl bg-white p-6 shadow-sm ring-1 ring-slate-200" data-agreement-card="">
      <h2 id="titre-convention" className="text-xl font-bold text-slate-900">
        Convention d'honoraires
      </h2>
      {current ? (
        <>
          <p className="mt-2 font-semibold text-slate-900" data-agreement-state={current.state}>
            {current.stateLabel}
          </p>
          <p className="mt-1 text-slate-800">
            Honoraires de diligence&#x202f;: {current.baseFeeText}. Honoraire de résultat&#x202f;: {current.resultPercentText} des sommes effectivement récupérées.
          </p>
          {current.state === "active" && current.activatedAt ? <p className="mt-1 text-slate-800">En vigueur depuis le {formatDateTime(current.activatedAt)}.</p> : null}
          {current.withdrawalOpen && current.withdrawalLastDay ? (
            <p className="mt-1 text-slate-800">
              {forOwner ? "Vous pouvez vous rétracter" : "Le client peut se rétracter"} jusqu'au {formatDate(current.withdrawalLastDay)} inclus.
            </p>
          ) : null}
        </>
      ) : (
        <p className="mt-2 text-slate-800">
          {forOwner
            ? "Votre avocat vous proposera ici la convention d'honoraires\u202f: elle fixe par écrit ce que vous paierez. Vous la lirez et la signerez en ligne."
            : panel.viewer === "lawyer"
              ? "Proposez la convention d'honoraires à votre client\u202f: le dossier ne peut passer «\u202fEn cours\u202f» qu'une fois la convention signée par vous deux."
              : "Aucune convention n'a encore été proposée."}
        </p>
      )}
      {panel.viewer === "lawyer" && panel.proposeBlocked ? <p className="mt-2 text-amber-900">{panel.proposeBlocked}</p> : null}
      <div className="mt-4 flex flex-wrap gap-3">
        {next ? (
          <ButtonLink to={next.to} variant={next.label === "Voir la convention" ? "secondary" : "primary"}>
            {next.label}
          </ButtonLink>
        ) : null}
        {current?.state === "active" && current.sealed?.intact ? (
          <a
            href={`${base}/${current.id}/convention-signee.pdf`}
            download
            className={buttonClasses({ variant: "secondary" })}
          >
            Télécharger la convention signée (PDF)
          </a>
        ) : null}
        {panel.mayWithdraw ? (
          <ButtonLink to={`${base}?withdrawal=confirm`} variant="secondary">
            Me rétracter
          </ButtonLink>
        ) : null}
      </div>
    </section>
  );
}
