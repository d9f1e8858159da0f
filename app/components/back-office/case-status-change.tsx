import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { LAWYER_TRANSITIONS, NOTE_MAX, OUTCOME_LABELS, TRANSITION_LABELS } from "~/modules/cases/lawyer-cases.schema";
import type { CaseStatus } from "~/platform/database-schema";
import { useSubmitting } from "~/components/use-submitting";

/** The lawyer's next statuses for a case (assigned → in_progress → resolved or closed). */
export function lawyerNextStatuses(status: CaseStatus) {
  return LAWYER_TRANSITIONS[status] ?? [];
}

/**
 * The lawyer's status change (a note for the client, one button per allowed move), posted to the page's own action,
 * which runs changeCaseStatusByLawyer. Used by the lawyer's case list (in each row) and the case page. Works without
 * JavaScript: a plain form. A case in progress shows the outcome too: its buttons end the case, and the server
 * refuses to end one without it (issue 31).
 */
export function CaseStatusForm({ caseId, caseNumber, status }: { caseId: string; caseNumber: string; status: CaseStatus }) {
  const busy = useSubmitting({ field: ["caseId", caseId] });
  const next = lawyerNextStatuses(status);
  if (next.length === 0) return null;
  return (
    <Form method="post" className="mt-2 flex max-w-sm flex-col gap-2 rounded-md border border-slate-300 bg-slate-50 p-3">
      <input type="hidden" name="caseId" value={caseId} />
      {/* No id: the list renders each row twice (table and phone cards). */}
      <label className="flex flex-col gap-1 text-sm font-semibold">
        Note pour le client (facultative)
        <textarea name="note" rows={2} maxLength={NOTE_MAX} className="rounded-md border border-slate-400 p-2 font-normal" />
      </label>
      <p className="text-xs text-slate-700">La note apparaît dans l'historique du dossier&#x202f;; le client est prévenu par email.</p>
      {status === "assigned" ? (
        <label className="flex flex-col gap-1 text-sm font-semibold">
          Urgence (seulement pour commencer avant que la convention d'honoraires soit signée)
          <textarea name="urgency" rows={2} maxLength={NOTE_MAX} className="rounded-md border border-slate-400 p-2 font-normal" />
          <span className="text-xs font-normal text-slate-700">La raison est inscrite au journal. Sans convention signée ni urgence, le dossier ne peut pas passer en cours.</span>
        </label>
      ) : null}
      {status === "in_progress" ? (
        <fieldset className="flex flex-col gap-1 text-sm">
          <legend className="font-semibold">Issue du dossier (obligatoire pour le marquer comme résolu ou le fermer)</legend>
          {Object.entries(OUTCOME_LABELS).map(([outcome, label]) => (
            <label key={outcome} className="flex min-h-8 items-center gap-2">
              <input type="radio" name="outcome" value={outcome} className="size-4" />
              {label}
            </label>
          ))}
          <label className="mt-1 flex flex-col gap-1 font-semibold">
            Raison (si le dossier n'est pas poursuivi)
            <textarea name="outcomeReason" rows={2} maxLength={NOTE_MAX} className="rounded-md border border-slate-400 p-2 font-normal" />
          </label>
          <span className="text-xs text-slate-700">
            La somme récupérée est celle inscrite au relevé des sommes récupérées du dossier&#x202f;; le client voit l'issue dans l'historique.
          </span>
        </fieldset>
      ) : null}
      <div className="flex flex-wrap gap-2">
        {next.map((target) => (
          <Button key={target} name="status" value={target} disabled={busy} variant={target === "closed" ? "secondary" : "primary"}>
            {TRANSITION_LABELS[target]}
            <span className="sr-only"> : dossier {caseNumber}</span>
          </Button>
        ))}
      </div>
    </Form>
  );
}

/** The list's version: folded under "Changer le statut" in the row. */
export function CaseStatusChange({ caseId, caseNumber, status }: { caseId: string; caseNumber: string; status: CaseStatus }) {
  if (lawyerNextStatuses(status).length === 0) return null;
  return (
    <details className="mt-1">
      <summary className="inline-flex min-h-11 cursor-pointer items-center font-semibold text-brand-800">
        Changer le statut<span className="sr-only"> du dossier {caseNumber}</span>
      </summary>
      <CaseStatusForm caseId={caseId} caseNumber={caseNumber} status={status} />
    </details>
  );
}
