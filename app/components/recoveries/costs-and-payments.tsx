import type { ReactNode } from "react";
import { Form } from "react-router";
import { ConfirmedActionForm } from "~/components/confirmed-action";
import { FormAlert, SubmitButton, useFormValidation, ValidatedForm } from "~/components/form-controls";
import { Button, buttonClasses } from "~/components/ui/button";
import { TextField } from "~/components/ui/field";
import { formatEuroCents } from "~/lib/fees";
import { formatDate, formatDateTime } from "~/lib/format";
import { costSchema, feePaymentSchema } from "~/modules/recoveries/recoveries.schema";
import type { CostView, FeePaymentView, RecoveriesPanel } from "~/modules/recoveries/recoveries.server";
import type { RecoveryActionData } from "./recovery-action-data";
import { useSubmitting } from "~/components/use-submitting";

/** The confirmations the client's answer and the lawyer's withdrawal ask for (dialog, or page without JavaScript). */
export const COST_CONFIRMATIONS = {
  approve: {
    title: "Approuver ce frais\u202f?",
    description: "Votre réponse est définitive. Un frais approuvé entre dans le compte détaillé et vous sera facturé avec la TVA.",
    confirmLabel: "Oui, j'approuve ce frais",
  },
  decline: {
    title: "Refuser ce frais\u202f?",
    description: "Votre réponse est définitive. Un frais refusé ne vous sera pas facturé. Votre avocat peut vous en parler dans la messagerie du dossier.",
    confirmLabel: "Oui, je refuse ce frais",
  },
  withdraw: {
    title: "Retirer ce frais\u202f?",
    description: "Le frais reste visible, marqué «\u202fRetiré\u202f», et ne sera jamais facturé. Votre client ne peut plus y répondre.",
    confirmLabel: "Oui, retirer ce frais",
  },
} as const;

const COST_ORDER = ["costLabel", "incurredOn", "costAmount", "costNote"] as const;
const PAYMENT_ORDER = ["receivedOn", "paidAmount", "paidFor", "paidNote"] as const;

function own(actionData: RecoveryActionData | undefined, intent: RecoveryActionData["intent"]) {
  return actionData?.intent === intent ? actionData : undefined;
}

function CostItem({ panel, cost, actionData }: { panel: RecoveriesPanel; cost: CostView; actionData?: RecoveryActionData }) {
  const action = (intent: string) => `/case/${encodeURIComponent(panel.caseId)}?intent=${intent}`;
  const failed = actionData && (actionData.intent === "cost-decision" || actionData.intent === "cost-withdrawal") && actionData.values.costId === cost.id ? actionData : undefined;
  return (
    <li className="py-3" data-cost={cost.status} data-cost-id={cost.id}>
      <p className="font-semibold text-slate-900">
        <time dateTime={cost.incurredOn}>{formatDate(cost.incurredOn)}</time> · {cost.label} · {cost.amountText} HT
      </p>
      <p className="text-slate-800">
        <span data-cost-status="">{panel.viewer === "owner" || cost.status !== "pending" ? cost.statusLabel : "En attente de la réponse du client"}</span>
        {cost.decidedAt ? (
          <>
            {" "}
            le <time dateTime={cost.decidedAt}>{formatDateTime(cost.decidedAt)}</time>
          </>
        ) : null}
      </p>
      {cost.note ? <p className="whitespace-pre-line text-slate-800">{cost.note}</p> : null}
      <p className="text-sm text-slate-700">
        Proposé par {cost.proposedBy} le <time dateTime={cost.proposedAt}>{formatDateTime(cost.proposedAt)}</time>
      </p>
      {failed?.formError ? <FormAlert message={failed.formError} /> : null}
      {cost.status === "pending" && panel.viewer === "owner" ? (
        <div className="mt-2 flex flex-wrap gap-2">
          {(["approve", "decline"] as const).map((decision) => (
            <ConfirmedActionForm
              key={decision}
              action={action("cost-decision")}
              fields={{ costId: cost.id, decision }}
              {...COST_CONFIRMATIONS[decision]}
              buttonClassName={buttonClasses({ variant: decision === "approve" ? "primary" : "secondary" })}
            >
              {decision === "approve" ? `Approuver ${cost.amountText} HT` : "Refuser"}
            </ConfirmedActionForm>
          ))}
        </div>
      ) : null}
      {cost.status === "pending" && panel.viewer === "lawyer" ? (
        <div className="mt-2">
          <ConfirmedActionForm action={action("cost-withdrawal")} fields={{ costId: cost.id }} {...COST_CONFIRMATIONS.withdraw} buttonClassName={buttonClasses({ variant: "secondary" })}>
            Retirer ce frais
          </ConfirmedActionForm>
        </div>
      ) : null}
    </li>
  );
}

/** A lawyer's entry form under the ledger: its intent's errors and values come back with the page. */
function EntryForm<Field extends string>({
  panel,
  actionData,
  intent,
  schema,
  errorOrder,
  titleId,
  title,
  intro,
  submitLabel,
  busyLabel,
  fields,
}: {
  panel: RecoveriesPanel;
  actionData?: RecoveryActionData;
  intent: "cost" | "fee-payment";
  schema: typeof costSchema | typeof feePaymentSchema;
  errorOrder: readonly Field[];
  titleId: string;
  title: string;
  intro?: ReactNode;
  submitLabel: string;
  busyLabel: string;
  fields: (values: Record<string, string | undefined>, errors: Record<string, string | undefined>) => ReactNode;
}) {
  const busy = useSubmitting();
  const mine = own(actionData, intent);
  const { errors, focusRequest, validate, clear } = useFormValidation(schema, mine?.fieldErrors);
  return (
    <section aria-labelledby={titleId} className="mt-4 space-y-3 border-t border-slate-200 pt-4">
      <h4 id={titleId} className="text-lg font-bold text-slate-900">
        {title}
      </h4>
      {intro}
      <ValidatedForm action={`/case/${encodeURIComponent(panel.caseId)}?intent=${intent}`} validation={{ validate, clear, errors, focusRequest }} errorOrder={errorOrder} className="space-y-4" data-entry-form={intent}>
        <FormAlert message={mine?.formError} />
        {fields(mine?.values ?? {}, errors)}
        <SubmitButton busy={busy} busyLabel={busyLabel}>
          {submitLabel}
        </SubmitButton>
      </ValidatedForm>
    </section>
  );
}

function ProposeCostForm({ panel, actionData }: { panel: RecoveriesPanel; actionData?: RecoveryActionData }) {
  return (
    <EntryForm
      {...{ panel, actionData }}
      intent="cost"
      schema={costSchema}
      errorOrder={COST_ORDER}
      titleId="titre-ajout-frais"
      title="Proposer un frais ou un débours"
      intro={<p className="text-slate-800">Votre client est prévenu par e-mail (sans le montant)&#x202f;; il ne compte qu'une fois approuvé.</p>}
      submitLabel="Proposer ce frais au client"
      busyLabel="Envoi…"
      fields={(values, errors) => (
        <>
          <TextField name="costLabel" label="Nature du frais ou du débours" hint="Par exemple «&#x202f;Frais d'huissier&#x202f;»" maxLength={200} defaultValue={values.costLabel} error={errors.costLabel} />
          <TextField name="incurredOn" label="Date" hint="JJ-MM-AAAA, par exemple 14-03-2026" inputMode="numeric" autoComplete="off" defaultValue={values.incurredOn} error={errors.incurredOn} />
          <TextField name="costAmount" label="Montant hors taxes, en euros" hint="Par exemple 150,40" inputMode="decimal" autoComplete="off" defaultValue={values.costAmount} error={errors.costAmount} />
          <TextField name="costNote" label="Note (facultatif)" maxLength={1000} defaultValue={values.costNote} error={errors.costNote} />
        </>
      )}
    />
  );
}

function RecordPaymentForm({ panel, actionData }: { panel: RecoveriesPanel; actionData?: RecoveryActionData }) {
  return (
    <EntryForm
      {...{ panel, actionData }}
      intent="fee-payment"
      schema={feePaymentSchema}
      errorOrder={PAYMENT_ORDER}
      titleId="titre-ajout-reglement"
      title="Enregistrer un paiement reçu du client"
      submitLabel="Enregistrer le paiement"
      busyLabel="Enregistrement…"
      fields={(values, errors) => (
        <>
          <TextField name="receivedOn" label="Date de réception" hint="JJ-MM-AAAA, par exemple 14-03-2026" inputMode="numeric" autoComplete="off" defaultValue={values.receivedOn} error={errors.receivedOn} />
          <TextField name="paidAmount" label="Montant reçu TTC, en euros" hint="Par exemple 600" inputMode="decimal" autoComplete="off" defaultValue={values.paidAmount} error={errors.paidAmount} />
          <TextField name="paidFor" label="Ce que ce paiement a réglé" hint="Par exemple «&#x202f;Honoraire de diligence&#x202f;»" maxLength={200} defaultValue={values.paidFor} error={errors.paidFor} />
          <TextField name="paidNote" label="Note (facultatif)" maxLength={1000} defaultValue={values.paidNote} error={errors.paidNote} />
        </>
      )}
    />
  );
}

function PaymentItem({ panel, payment, byId, actionData }: { panel: RecoveriesPanel; payment: FeePaymentView; byId: Map<string, FeePaymentView>; actionData?: RecoveryActionData }) {
  const mine = actionData?.intent === "fee-payment-reversal" && actionData.values.paymentId === payment.id ? actionData : undefined;
  return (
    <li className="py-3" data-fee-payment={payment.reversesId ? "reversal" : "payment"}>
      <p className="font-semibold text-slate-900">
        <time dateTime={payment.receivedOn}>{formatDate(payment.receivedOn)}</time> · {payment.label} ·{" "}
        <span className={payment.amountCents < 0 ? "text-red-800" : "text-slate-900"}>{payment.amountText} TTC</span>
      </p>
      {payment.reversesId ? (
        <p className="text-slate-800">
          Contre-passation du paiement du {formatDate(byId.get(payment.reversesId)?.receivedOn ?? payment.receivedOn)}&#x202f;: {payment.reason}
        </p>
      ) : null}
      {payment.reversedById ? <p className="text-slate-800">Annulé par une contre-passation.</p> : null}
      {payment.note ? <p className="whitespace-pre-line text-slate-800">{payment.note}</p> : null}
      <p className="text-sm text-slate-700">
        Enregistré par {payment.recordedBy} le <time dateTime={payment.createdAt}>{formatDateTime(payment.createdAt)}</time>
      </p>
      {panel.viewer === "lawyer" && !payment.reversesId && !payment.reversedById ? (
        <details className="mt-2" open={mine ? true : undefined}>
          <summary className="min-h-11 cursor-pointer py-2 font-semibold text-brand-800 underline">Contre-passer ce paiement</summary>
          <Form method="post" action={`/case/${encodeURIComponent(panel.caseId)}?intent=fee-payment-reversal`} className="mt-2 space-y-3">
            <FormAlert message={mine?.formError} />
            <input type="hidden" name="paymentId" value={payment.id} />
            <TextField id={`champ-reason-paiement-${payment.id}`} name="reason" label="Raison de la contre-passation" defaultValue={mine?.values.reason} error={mine?.fieldErrors.reason} maxLength={1000} required />
            <Button variant="secondary">Contre-passer {payment.amountText}</Button>
          </Form>
        </details>
      ) : null}
    </li>
  );
}

/** Costs the client approves, and sums the client paid the lawyer: part of the "Sommes récupérées" section. */
export function CostsAndPayments({ panel, actionData }: { panel: RecoveriesPanel; actionData?: RecoveryActionData }) {
  const forLawyer = panel.viewer === "lawyer";
  const pending = panel.costs.filter((cost) => cost.status === "pending").length;
  const byId = new Map(panel.feePayments.map((payment) => [payment.id, payment]));
  const paid = panel.fees?.figures.alreadyPaidCents ?? 0;
  return (
    <>
      <section id="frais" aria-labelledby="titre-frais" className="mt-6 border-t border-slate-200 pt-4" data-costs="">
        <h3 id="titre-frais" className="text-lg font-bold text-slate-900">
          Frais et débours
        </h3>
        {panel.viewer === "owner" && pending > 0 ? (
          <p className="mt-2 rounded-md border-l-4 border-amber-600 bg-amber-50 p-3 text-slate-900" data-costs-pending="">
            {pending === 1 ? "Un frais attend votre réponse." : `${pending} frais attendent votre réponse.`} Seuls les frais que vous approuvez vous sont facturés.
          </p>
        ) : null}
        {panel.costs.length === 0 ? (
          <p className="mt-2 text-slate-800">Aucun frais ni débours n'a été proposé.</p>
        ) : (
          <ul className="mt-2 divide-y divide-slate-200">
            {panel.costs.map((cost) => (
              <CostItem key={cost.id} panel={panel} cost={cost} actionData={actionData} />
            ))}
          </ul>
        )}
        {panel.mayRecord ? <ProposeCostForm panel={panel} actionData={actionData} /> : null}
      </section>
      <section id="reglements" aria-labelledby="titre-reglements" className="mt-6 border-t border-slate-200 pt-4" data-fee-payments="">
        <h3 id="titre-reglements" className="text-lg font-bold text-slate-900">
          {panel.viewer === "owner" ? "Ce que vous avez déjà payé à votre avocat" : "Paiements reçus du client"}
        </h3>
        {panel.feePayments.length === 0 ? (
          <p className="mt-2 text-slate-800">Aucun paiement n'est enregistré.</p>
        ) : (
          <ul className="mt-2 divide-y divide-slate-200">
            {panel.feePayments.map((payment) => (
              <PaymentItem key={payment.id} panel={panel} payment={payment} byId={byId} actionData={actionData} />
            ))}
          </ul>
        )}
        <p className="mt-2 text-slate-900">
          Total reçu&#x202f;: <strong data-fee-payments-total="">{formatEuroCents(paid)}</strong>
        </p>
        {forLawyer && panel.mayRecord ? <RecordPaymentForm panel={panel} actionData={actionData} /> : null}
      </section>
    </>
  );
}
