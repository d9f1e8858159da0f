import { Form, useNavigation } from "react-router";
import { FormAlert, SubmitButton, useFormValidation, ValidatedForm } from "~/components/form-controls";
import { Button } from "~/components/ui/button";
import { FieldError, SelectField, TextField } from "~/components/ui/field";
import { BASE_FEE_DUE_TEXT, formatEuroCents } from "~/lib/fees";
import { formatDate, formatDateTime } from "~/lib/format";
import { PAYMENT_FIELD_PREFIX, RECOVERY_SOURCE_LABELS, RECOVERY_SOURCES, recoverySchema } from "~/modules/recoveries/recoveries.schema";
import type { RecoveriesPanel, RecoveryEntryView } from "~/modules/recoveries/recoveries.server";
import { CostsAndPayments } from "./costs-and-payments";
import type { RecoveryActionData } from "./recovery-action-data";

export type { RecoveryActionData } from "./recovery-action-data";

const RECORD_ORDER = ["recoveredOn", "amount", "source", "paymentIds", "note", "proof"] as const;

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="grid gap-1 py-2 sm:grid-cols-3">
      <dt className="font-semibold text-slate-700">{label}</dt>
      <dd className="sm:col-span-2">{children}</dd>
    </div>
  );
}

function FeeFigures({ panel }: { panel: RecoveriesPanel }) {
  const fees = panel.fees;
  if (!fees) return null;
  const f = fees.figures;
  return (
    <div className="mt-4 rounded-lg bg-slate-50 p-4" data-recovery-fees="">
      <h3 className="font-bold text-slate-900">Honoraires et net pour {panel.viewer === "owner" ? "vous" : "le client"}</h3>
      <dl className="mt-2 divide-y divide-slate-200">
        <Row label="Honoraires de diligence (HT)">
          {fees.baseFeeDue ? formatEuroCents(f.baseFeeHtCents) : `Pas encore dus (payables ${BASE_FEE_DUE_TEXT[fees.baseFeeDueAt]})`}
        </Row>
        <Row label="Honoraire de résultat (HT)">
          {formatEuroCents(f.resultFeeHtCents)} ({fees.resultPercentText} de {formatEuroCents(f.recoveredCents)})
        </Row>
        <Row label="Frais et débours approuvés (HT)">{formatEuroCents(f.costsHtCents)}</Row>
        <Row label="Total HT">{formatEuroCents(f.totalHtCents)}</Row>
        <Row label={`TVA (${fees.vatRateText})`}>{formatEuroCents(f.vatCents)}</Row>
        <Row label="Total TTC">{formatEuroCents(f.totalTtcCents)}</Row>
        <Row label="Déjà payé à l'avocat (TTC)">{formatEuroCents(f.alreadyPaidCents)}</Row>
        <Row label="Reste dû à l'avocat (TTC)">
          <span data-still-due="">{formatEuroCents(f.stillDueCents)}</span>
        </Row>
        <Row label={panel.viewer === "owner" ? "Net qui vous revient" : "Net revenant au client"}>
          <strong data-net-to-client="">{formatEuroCents(f.netToClientCents)}</strong>
        </Row>
      </dl>
    </div>
  );
}

function ReverseForm({ caseId, entry, actionData }: { caseId: string; entry: RecoveryEntryView; actionData?: RecoveryActionData }) {
  const own = actionData?.intent === "recovery-reversal" && actionData.values.recoveryId === entry.id ? actionData : undefined;
  const id = `champ-reason-${entry.id}`;
  return (
    <details className="mt-2" open={own ? true : undefined}>
      <summary className="min-h-11 cursor-pointer py-2 font-semibold text-brand-800 underline">Contre-passer cette entrée</summary>
      <Form method="post" action={`/case/${encodeURIComponent(caseId)}?intent=recovery-reversal`} className="mt-2 space-y-3" data-reverse-form="">
        <FormAlert message={own?.formError} />
        <input type="hidden" name="recoveryId" value={entry.id} />
        <TextField
          id={id}
          name="reason"
          label="Raison de la contre-passation"
          hint="Une entrée n'est jamais modifiée ni supprimée&#x202f;: elle est annulée par une entrée opposée, avec sa raison."
          defaultValue={own?.values.reason}
          error={own?.fieldErrors.reason}
          maxLength={1000}
          required
        />
        <Button variant="secondary">Contre-passer {entry.amountText}</Button>
      </Form>
    </details>
  );
}

function RecordForm({ panel, actionData }: { panel: RecoveriesPanel; actionData?: RecoveryActionData }) {
  const navigation = useNavigation();
  const own = actionData?.intent === "recovery" ? actionData : undefined;
  const { errors, focusRequest, validate, clear } = useFormValidation(recoverySchema, own?.fieldErrors);
  const values = own?.values ?? {};
  return (
    <section aria-labelledby="titre-ajout-recuperation" className="mt-6 space-y-3 border-t border-slate-200 pt-4">
      <h3 id="titre-ajout-recuperation" className="text-lg font-bold text-slate-900">
        Enregistrer une somme récupérée
      </h3>
      <p className="text-slate-800">Votre client est prévenu par e-mail (sans le montant) et la lit sur cette page.</p>
      <ValidatedForm
        reloadDocument
        encType="multipart/form-data"
        action={`/case/${encodeURIComponent(panel.caseId)}?intent=recovery`}
        validation={{ validate, clear, errors, focusRequest }}
        errorOrder={RECORD_ORDER}
        className="space-y-4"
        data-recovery-form=""
      >
        <FormAlert message={own?.formError} />
        <TextField name="recoveredOn" label="Date de récupération" hint="JJ-MM-AAAA, par exemple 14-03-2026" inputMode="numeric" autoComplete="off" defaultValue={values.recoveredOn} error={errors.recoveredOn} />
        <TextField name="amount" label="Montant récupéré, en euros" hint="Par exemple 1 234,56" inputMode="decimal" autoComplete="off" defaultValue={values.amount} error={errors.amount} />
        <SelectField name="source" label="Origine de la somme" defaultValue={values.source ?? ""} error={errors.source}>
          <option value="">Choisir…</option>
          {RECOVERY_SOURCES.map((source) => (
            <option key={source} value={source}>
              {RECOVERY_SOURCE_LABELS[source]}
            </option>
          ))}
        </SelectField>
        {panel.payments.length > 0 ? (
          <fieldset id="champ-paymentIds" tabIndex={-1} aria-describedby={errors.paymentIds ? "champ-paymentIds-erreur" : undefined}>
            <legend className="font-semibold text-slate-900">Paiements du dossier concernés (facultatif)</legend>
            {panel.payments.map((payment) => (
              <div key={payment.id} className="flex items-start gap-3">
                <input
                  id={`champ-paiement-${payment.id}`}
                  name={`${PAYMENT_FIELD_PREFIX}${payment.id}`}
                  type="checkbox"
                  value="on"
                  defaultChecked={values[`${PAYMENT_FIELD_PREFIX}${payment.id}`] === "on"}
                  className="mt-3.5 size-5 shrink-0"
                />
                <label htmlFor={`champ-paiement-${payment.id}`} className="block min-h-11 py-3 text-slate-900">
                  {payment.label}
                </label>
              </div>
            ))}
            <FieldError id="champ-paymentIds-erreur" message={errors.paymentIds} />
          </fieldset>
        ) : null}
        <TextField name="note" label="Note (facultatif)" hint="Référence du virement, de la décision…" maxLength={1000} defaultValue={values.note} error={errors.note} />
        <TextField
          name="proof"
          type="file"
          label="Justificatif (facultatif)"
          hint="Relevé bancaire, décision, courrier&#x202f;: PDF, JPEG, PNG ou HEIC."
          accept="application/pdf,image/jpeg,image/png,image/heic,image/heif"
          error={errors.proof}
        />
        <SubmitButton busy={navigation.state === "submitting"} busyLabel="Enregistrement…">
          Enregistrer la somme récupérée
        </SubmitButton>
      </ValidatedForm>
    </section>
  );
}

/** "Sommes récupérées" on the case page: every ledger entry, the net total, the fees; the lawyer's forms. */
export function RecoveriesSection({ panel, actionData }: { panel: RecoveriesPanel; actionData?: RecoveryActionData }) {
  const forLawyer = panel.viewer === "lawyer";
  const byId = new Map(panel.entries.map((entry) => [entry.id, entry]));
  return (
    <section id="recuperations" aria-labelledby="titre-recuperations" className="rounded-xl bg-white p-6 shadow-sm ring-1 ring-slate-200" data-recoveries="">
      <h2 id="titre-recuperations" className="text-xl font-bold text-slate-900">
        Sommes récupérées
      </h2>
      {panel.entries.length === 0 ? (
        <p className="mt-2 text-slate-800">Aucune somme récupérée n'est enregistrée pour l'instant.</p>
      ) : (
        <ul className="mt-3 divide-y divide-slate-200" data-recovery-entries="">
          {panel.entries.map((entry) => (
            <li key={entry.id} className="py-3" data-recovery-entry={entry.reversesId ? "reversal" : "recovery"}>
              <p className="font-semibold text-slate-900">
                <time dateTime={entry.recoveredOn}>{formatDate(entry.recoveredOn)}</time> · {entry.sourceLabel} ·{" "}
                <span className={entry.amountCents < 0 ? "text-red-800" : "text-emerald-800"}>{entry.amountText}</span>
              </p>
              {entry.reversesId ? (
                <p className="text-slate-800">
                  Contre-passation de l'entrée du {formatDate(byId.get(entry.reversesId)?.recoveredOn ?? entry.recoveredOn)}&#x202f;: {entry.reason}
                </p>
              ) : null}
              {entry.reversedById ? <p className="text-slate-800">Annulée par une contre-passation.</p> : null}
              {entry.payments.length > 0 ? <p className="text-slate-800">Concerne&#x202f;: {entry.payments.map((payment) => payment.label).join(", ")}</p> : null}
              {entry.note ? <p className="whitespace-pre-line text-slate-800">{entry.note}</p> : null}
              {entry.hasProof ? (
                <p>
                  <a href={`/case/${encodeURIComponent(panel.caseId)}/recuperations/${encodeURIComponent(entry.id)}/justificatif`} className="font-semibold text-brand-800 underline" download>
                    Télécharger le justificatif
                  </a>
                </p>
              ) : null}
              <p className="text-sm text-slate-700">
                Enregistrée par {entry.recordedBy} le <time dateTime={entry.createdAt}>{formatDateTime(entry.createdAt)}</time>
              </p>
              {forLawyer && !entry.reversesId && !entry.reversedById ? <ReverseForm caseId={panel.caseId} entry={entry} actionData={actionData} /> : null}
            </li>
          ))}
        </ul>
      )}
      <p className="mt-3 text-lg text-slate-900">
        Total net récupéré&#x202f;: <strong data-recovered-total="">{panel.netText}</strong>
      </p>
      {panel.agreementActive || panel.costs.length > 0 || panel.feePayments.length > 0 ? <CostsAndPayments panel={panel} actionData={actionData} /> : null}
      <FeeFigures panel={panel} />
      {panel.agreementActive ? (
        <p className="mt-4">
          <a href={`/case/${encodeURIComponent(panel.caseId)}/compte-detaille.pdf`} className="font-semibold text-brand-800 underline" download>
            Télécharger le compte détaillé (PDF)
          </a>
        </p>
      ) : (
        <p className="mt-3 text-slate-800">Les sommes récupérées s'enregistrent une fois la convention d'honoraires en vigueur.</p>
      )}
      {panel.mayRecord ? <RecordForm panel={panel} actionData={actionData} /> : null}
    </section>
  );
}
