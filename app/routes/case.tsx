import type { Route } from "./+types/case";
import { CaseFilePanels } from "~/components/case-file/case-file-panels";
import { CaseStatusBadge } from "~/components/dashboard/case-list";
import { pageTitle } from "~/content/site";
import { BAR_DIRECTORY_URL } from "~/modules/back-office/back-office.schema";
import { CaseDocumentsPanel, EvidencePanel } from "~/components/case-file/evidence-panel";
import { evidencePanelFor } from "~/modules/case-file/complaint-pack.server";
import { filingReceiptFor } from "~/modules/case-file/filing-receipt.server";
import { FilingReceiptCard } from "~/components/case-file/filing-receipt-card";
import { caseFor } from "~/modules/cases/cases.server";
import { caseFileFor } from "~/modules/case-file/case-file.server";
import { amountSummary, DECLARED_AMOUNT_LABEL, declaredText, DOCUMENTED_PAYMENTS_LABEL, documentedText } from "~/modules/case-file/case-file-format";
import {
  contactMethodLabel,
  evidenceTypeLabel,
  isWaitingForLawyer,
  lawyerNextStepText,
  nextStepText,
  WAITING_FOR_LAWYER_LABEL,
  paymentMethodLabel,
  scamTypeLabel,
  timelineText,
} from "~/modules/cases/cases.schema";
import { requireRole, requireUser } from "~/platform/guards.server";
import { caseRowAction } from "~/modules/back-office/staff-list.server";
import { lawyerStatusChange } from "~/modules/cases/lawyer-cases.server";
import { lawyerCaseMessages, statusChangeSchema } from "~/modules/cases/lawyer-cases.schema";
import { CaseStatusForm, lawyerNextStatuses } from "~/components/back-office/case-status-change";
import { Badge } from "~/components/ui/badge";
import { BackToDashboardLink, ButtonLink } from "~/components/ui/button";
import { formatDate, formatDateTime } from "~/lib/format";
import { AgreementCard, agreementTimelineText } from "~/components/agreements/agreement-card";
import { agreementPanelFor } from "~/modules/agreements/agreements.server";
import { RecoveriesSection, type RecoveryActionData } from "~/components/recoveries/recoveries-section";
import { costDecisionSchema, costSchema, costWithdrawalSchema, feePaymentReversalSchema, feePaymentSchema, recoverySchema, reversalSchema } from "~/modules/recoveries/recoveries.schema";
import {
  decideCost,
  proposeCost,
  recordFeePayment,
  recordRecovery,
  recordRecoveryWithProof,
  recoveriesFor,
  reverseFeePayment,
  reverseRecovery,
  withdrawCost,
} from "~/modules/recoveries/recoveries.server";
import { COST_CONFIRMATIONS } from "~/components/recoveries/costs-and-payments";
import { ConfirmationPanel } from "~/components/confirmed-action";
import { isConfirmed } from "~/lib/confirmation";
import { data } from "react-router";
import type { FieldErrors } from "~/lib/form";
import type { z } from "zod";
import { redirectWithToast } from "~/platform/flash.server";
import { answerInit, parseForm } from "~/platform/form.server";
import { InvoicesCard } from "~/components/invoicing/invoices-card";
import { DocumentRequestsSection, isDocumentRequestAnswer } from "~/components/case-file/document-requests-section";
import { documentRequestsFor } from "~/modules/case-file/document-requests.server";
import { documentRequestAction, isDocumentRequestIntent } from "~/modules/case-file/document-request-action.server";
import { CaseCallCodeSection } from "~/components/call-verification/call-code-card";
import { callCodeFor } from "~/modules/call-verification/call-verification.server";

export const meta: Route.MetaFunction = ({ data }) => [
  { title: pageTitle(data ? `Dossier ${data.caseNumber}` : "Dossier") },
  { name: "robots", content: "noindex" },
];

export async function loader({ params, context }: Route.LoaderArgs) {
  const actor = requireUser(context);
  const view = await caseFor(actor, params.caseId);
  const [caseFile, evidence, agreement, recoveries, documentRequests, callCode, receipt] = await Promise.all([
    caseFileFor(actor, params.caseId),
    evidencePanelFor(actor, params.caseId),
    view.status === "draft" ? Promise.resolve(null) : agreementPanelFor(actor, params.caseId),
    view.status === "draft" ? Promise.resolve(null) : recoveriesFor(actor, params.caseId),
    view.status === "draft" ? Promise.resolve(null) : documentRequestsFor(actor, params.caseId),
    view.viewer === "owner" ? callCodeFor(actor) : Promise.resolve(null),
    filingReceiptFor(actor, params.caseId),
  ]);
  return { ...view, caseFile, evidence, agreement, recoveries, documentRequests, callCode, receipt };
}

/**
 * The client's answer to a cost (?intent=cost-decision, confirmed). The assigned lawyer's posts: a sum recovered
 * (?intent=recovery), a reversal (?intent=recovery-reversal), a cost proposed (?intent=cost) or withdrawn
 * (?intent=cost-withdrawal, confirmed), a sum received from the client (?intent=fee-payment) or its reversal
 * (?intent=fee-payment-reversal), else the status change, the same form and use case as their case list's;
 * back to this page. A post the actor may not make gets the case's 404 from the use case.
 */
type Refusal = { ok: false; status: number; formError?: string; fieldErrors?: FieldErrors };

export async function action({ url, request, params, context }: Route.ActionArgs) {
  const here = `/case/${encodeURIComponent(params.caseId)}`;
  const intent = url.searchParams.get("intent");
  const fail = (name: RecoveryActionData["intent"], result: { status: number; formError?: string; fieldErrors?: FieldErrors }, values: Record<string, string>) =>
    data({ intent: name, fieldErrors: result.fieldErrors ?? {}, formError: result.formError, values } satisfies RecoveryActionData, answerInit(result));
  const confirm = (name: "cost-decision" | "cost-withdrawal", request: (typeof COST_CONFIRMATIONS)[keyof typeof COST_CONFIRMATIONS], fields: Record<string, string>) => ({
    intent: name,
    confirmation: { ...request, fields },
    confirmAction: `${here}?intent=${name}`,
  });
  /** One ledger post: its form, its use case, then the page at its section with a toast; `ask` may first want a confirmation. */
  async function run<Schema extends z.ZodType>(
    name: RecoveryActionData["intent"],
    schema: Schema,
    call: (input: z.output<Schema>) => Promise<{ ok: true } | Refusal>,
    anchor: string,
    toast: (input: z.output<Schema>) => { title: string; description: string },
    ask?: (input: z.output<Schema>, values: Record<string, string>) => ReturnType<typeof confirm> | undefined,
  ) {
    const form = await parseForm(request, schema);
    if (!form.ok) return fail(name, { status: 400, fieldErrors: form.fieldErrors, formError: form.fieldErrors.decision ?? form.fieldErrors.costId }, form.values);
    const question = ask?.(form.data, form.values);
    if (question) return question;
    const result = await call(form.data);
    if (!result.ok) return fail(name, result, form.values);
    return redirectWithToast(`${here}#${anchor}`, { ...toast(form.data), tone: "success" });
  }
  // The ledger's posts reach their use case whoever posts: the use case answers the case's 404 to anyone else.
  const actor = requireUser(context);
  // The document checklist's posts (decision 85), the same way.
  if (isDocumentRequestIntent(intent)) return documentRequestAction(request, actor, params.caseId, intent);
  switch (intent) {
    case "cost-decision":
      return run(
        intent,
        costDecisionSchema,
        (input) => decideCost(actor, params.caseId, input.costId, input.decision),
        "frais",
        (input) => (input.decision === "approved" ? { title: "Frais approuvé", description: "Il figure au compte détaillé." } : { title: "Frais refusé", description: "Il ne vous sera pas facturé." }),
        (input, values) =>
          isConfirmed(values) ? undefined : confirm(intent, COST_CONFIRMATIONS[input.decision === "approved" ? "approve" : "decline"], { costId: input.costId, decision: values.decision ?? "" }),
      );
    case "cost":
      return run(intent, costSchema, (input) => proposeCost(actor, params.caseId, input), "frais", () => ({
        title: "Frais proposé",
        description: "Votre client est prévenu par e-mail et peut l'approuver sur cette page.",
      }));
    case "cost-withdrawal":
      return run(
        intent,
        costWithdrawalSchema,
        (input) => withdrawCost(actor, params.caseId, input.costId),
        "frais",
        () => ({ title: "Frais retiré", description: "Il reste visible, marqué «\u202fRetiré\u202f»." }),
        (input, values) => (isConfirmed(values) ? undefined : confirm(intent, COST_CONFIRMATIONS.withdraw, { costId: input.costId })),
      );
    case "fee-payment":
      return run(intent, feePaymentSchema, (input) => recordFeePayment(actor, params.caseId, input), "reglements", () => ({
        title: "Paiement enregistré",
        description: "Il est déduit de ce que le client doit encore.",
      }));
    case "fee-payment-reversal":
      return run(intent, feePaymentReversalSchema, (input) => reverseFeePayment(actor, params.caseId, input.paymentId, input.reason), "reglements", () => ({
        title: "Paiement contre-passé",
        description: "La contre-passation figure dans les paiements reçus.",
      }));
    case "recovery": {
      const recorded = { title: "Somme récupérée enregistrée", description: "Votre client est prévenu par e-mail." };
      if ((request.headers.get("content-type") ?? "").startsWith("multipart/form-data")) {
        const result = await recordRecoveryWithProof(actor, params.caseId, request);
        if (!result.ok) return fail(intent, result, result.values);
        return redirectWithToast(`${here}#recuperations`, { ...recorded, tone: "success" });
      }
      return run(intent, recoverySchema, (input) => recordRecovery(actor, params.caseId, input), "recuperations", () => recorded);
    }
    case "recovery-reversal":
      return run(intent, reversalSchema, (input) => reverseRecovery(actor, params.caseId, input.recoveryId, input.reason), "recuperations", () => ({
        title: "Entrée contre-passée",
        description: "La contre-passation figure dans les sommes récupérées.",
      }));
  }
  return caseRowAction(request, url, statusChangeSchema, lawyerStatusChange(requireRole(context, "lawyer"), () => here));
}


function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="grid gap-1 py-3 sm:grid-cols-3 sm:gap-4">
      <dt className="font-semibold text-slate-700">{label}</dt>
      <dd className="whitespace-pre-line break-words text-slate-900 sm:col-span-2">{children}</dd>
    </div>
  );
}

function TimelineStatus({
  entry,
  index,
  lawyerName,
  forOwner,
}: {
  entry: Route.ComponentProps["loaderData"]["timeline"][number];
  index: number;
  lawyerName: string | null;
  forOwner: boolean;
}) {
  return (
    <li className="relative">
              <span aria-hidden="true" className="absolute -left-[1.72rem] top-1.5 size-3 rounded-full bg-brand-700 ring-4 ring-white" />
              <p className="font-semibold text-slate-900">
                {timelineText(entry.toStatus, { lawyerName: entry.lawyerName ?? lawyerName, forOwner, first: index === 0, outcome: entry.outcome })}
              </p>
              {entry.outcome?.reason ? <p className="mt-1 whitespace-pre-line break-words text-slate-800">Raison&#x202f;: {entry.outcome.reason}</p> : null}
              <p className="text-sm text-slate-700">
                <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
                {entry.by ? ` · par ${entry.by}` : entry.automatic ? " · automatiquement" : ""}
              </p>
              {entry.note ? <p className="mt-1 whitespace-pre-line rounded-md bg-slate-50 px-3 py-2 text-slate-800">{entry.note}</p> : null}
    </li>
  );
}

export default function CasePage({ loaderData: view, actionData }: Route.ComponentProps) {
  if (actionData && "confirmation" in actionData) return <ConfirmationPanel request={actionData.confirmation} action={actionData.confirmAction} cancelTo={`/case/${encodeURIComponent(view.id)}#frais`} />;
  const lawyerName = view.lawyer ? `${view.lawyer.firstName} ${view.lawyer.lastName}` : null;
  const clientName = `${view.owner.firstName} ${view.owner.lastName}`;
  const forOwner = view.viewer === "owner";
  // The assigned lawyer reads the page in their own words and moves the case from it (issue 29).
  const forLawyer = view.viewer === "lawyer";
  const waiting = isWaitingForLawyer(view.status, view.lawyer !== null);
  const facts = view.facts;
  const none = "Non renseigné";
  const amounts = amountSummary(facts.total_amount_lost, view.caseFile.totals);
  const timeline = [
    ...view.timeline.map((entry, index) => ({ kind: "status" as const, at: entry.at, index, entry })),
    ...(view.agreement?.events ?? []).map((event, index) => ({ kind: "agreement" as const, at: event.at, index, event })),
  ].sort((a, b) => a.at.localeCompare(b.at));
  return (
    <div className="mx-auto max-w-4xl space-y-6 px-4 py-8">
      <BackToDashboardLink variant="secondary" />

      <header className="rounded-xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
        <p className="text-sm font-semibold text-slate-600">{scamTypeLabel(facts.scam_type)}</p>
        <h1 className="mt-1 text-2xl font-bold text-slate-900">Dossier {view.caseNumber}</h1>
        <p className="mt-2 flex flex-wrap items-center gap-2 text-slate-800">
          <span>Statut&#x202f;:</span>{" "}
          {waiting ? (
            <Badge className="bg-amber-100 text-amber-950 ring-amber-600">{WAITING_FOR_LAWYER_LABEL}</Badge>
          ) : (
            <CaseStatusBadge status={view.status} />
          )}
          {forOwner ? null : (
            <span>
              · {forLawyer ? "Votre client" : "Client"}&#x202f;: {clientName}
            </span>
          )}
        </p>
        <div className="mt-4 rounded-lg border-l-4 border-brand-600 bg-brand-50 p-4" data-next-step="">
          <h2 className="font-bold text-brand-900">{forLawyer ? "À faire de votre côté" : "Et maintenant\u202f?"}</h2>
          <p className="mt-1 text-slate-900">{forLawyer ? lawyerNextStepText(view.status, clientName) : nextStepText(view.status, lawyerName)}</p>
        </div>
        {forLawyer && lawyerNextStatuses(view.status).length > 0 ? (
          <section aria-labelledby="titre-statut" className="mt-4" data-status-change="">
            <h2 id="titre-statut" className="font-bold text-slate-900">
              Changer le statut du dossier
            </h2>
            {actionData && "error" in actionData ? (
              <p role="alert" className="mt-2 rounded-md border-2 border-red-700 bg-red-50 p-3 font-semibold text-red-900">
                {lawyerCaseMessages.changeFailed}&#x202f;: {actionData.error}
              </p>
            ) : null}
            <CaseStatusForm caseId={view.id} caseNumber={view.caseNumber} status={view.status} />
          </section>
        ) : null}
        <div className="mt-4 flex flex-wrap gap-3">
          {view.status === "draft" && forOwner ? (
            <ButtonLink
              size="lg"
              to={`/create-case?id=${encodeURIComponent(view.id)}`}
            >
              Compléter mon brouillon
            </ButtonLink>
          ) : (
            <ButtonLink
              size="lg"
              to={`/case/${encodeURIComponent(view.id)}/chat`}
            >
              {forLawyer ? "Écrire à votre client" : "Ouvrir la messagerie du dossier"}
            </ButtonLink>
          )}
        </div>
      </header>

      {forLawyer ? (
        <section aria-labelledby="titre-client" className="rounded-xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
          <h2 id="titre-client" className="text-xl font-bold text-slate-900">
            Votre client
          </h2>
          <dl className="mt-2 divide-y divide-slate-200">
            <Fact label="Nom">{clientName}</Fact>
            {view.assignedAt ? <Fact label="Dossier confié le">{formatDate(view.assignedAt)}</Fact> : null}
          </dl>
        </section>
      ) : (
      <section aria-labelledby="titre-avocat" className="rounded-xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
        <h2 id="titre-avocat" className="text-xl font-bold text-slate-900">
          {forOwner ? "Votre avocat" : "Avocat"}
        </h2>
        {view.lawyer ? (
          <dl className="mt-2 divide-y divide-slate-200">
            <Fact label="Nom">Maître {lawyerName}</Fact>
            <Fact label="Barreau">
              {view.lawyer.barName ?? "Non communiqué"}
              {view.lawyer.barNumber ? ` (n° ${view.lawyer.barNumber})` : ""}
              <a href={BAR_DIRECTORY_URL} className="mt-1 block font-semibold text-brand-800 underline" rel="noreferrer">
                Vérifier dans l'annuaire national des avocats (Conseil national des barreaux)
              </a>
            </Fact>
            {view.assignedAt ? <Fact label="Dossier confié le">{formatDate(view.assignedAt)}</Fact> : null}
          </dl>
        ) : (
          <p className="mt-2 text-slate-800" data-waiting-for-lawyer={waiting ? "" : undefined}>
            {view.status === "draft"
              ? "Un avocat partenaire sera choisi une fois le dossier soumis."
              : waiting
                ? forOwner
                  ? "Aucun avocat ne s'occupe encore de votre dossier\u202f: notre équipe lui en cherche un et vous écrit dès qu'il est confié."
                  : "Aucun avocat n'a pu prendre ce dossier à sa soumission\u202f: assignez-le depuis la liste des dossiers."
                : "Votre dossier attend d'être confié à un avocat partenaire."}
          </p>
        )}
      </section>
      )}

      <CaseCallCodeSection viewer={view.viewer} caseId={view.id} callCode={view.callCode} />

      {view.agreement ? <AgreementCard panel={view.agreement} /> : null}
      {view.agreement ? <InvoicesCard panel={view.agreement} /> : null}
      {view.receipt ? <FilingReceiptCard caseId={view.id} receipt={view.receipt} forOwner={forOwner} /> : null}

      {view.recoveries && (view.recoveries.agreementActive || view.recoveries.entries.length > 0 || view.recoveries.costs.length > 0 || view.recoveries.feePayments.length > 0) ? (
        <RecoveriesSection panel={view.recoveries} actionData={actionData && "fieldErrors" in actionData && !isDocumentRequestAnswer(actionData) ? actionData : undefined} />
      ) : null}

      {view.documentRequests ? <DocumentRequestsSection panel={view.documentRequests} actionData={actionData && isDocumentRequestAnswer(actionData) ? actionData : undefined} /> : null}

      <CaseFilePanels caseId={view.id} caseFile={view.caseFile} />

      <section aria-labelledby="titre-historique" className="rounded-xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
        <h2 id="titre-historique" className="text-xl font-bold text-slate-900">
          Historique du dossier
        </h2>
        <ol className="mt-4 space-y-4 border-l-2 border-brand-200 pl-5" data-timeline="">
          {timeline.map((item) =>
            item.kind === "agreement" ? (
              <li key={`convention-${item.index}`} className="relative" data-timeline-agreement={item.event.toState}>
                <span aria-hidden="true" className="absolute -left-[1.72rem] top-1.5 size-3 rounded-full bg-brand-700 ring-4 ring-white" />
                <p className="font-semibold text-slate-900">{agreementTimelineText(item.event, forOwner)}</p>
                <p className="text-sm text-slate-700">
                  <time dateTime={item.event.at}>{formatDateTime(item.event.at)}</time>
                </p>
              </li>
            ) : (
            <TimelineStatus key={item.entry.id} entry={item.entry} index={item.index} lawyerName={lawyerName} forOwner={forOwner} />
            ),
          )}
        </ol>
      </section>

      <section aria-labelledby="titre-faits" className="rounded-xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
        <h2 id="titre-faits" className="text-xl font-bold text-slate-900">
          Les faits
        </h2>
        <dl className="mt-2 divide-y divide-slate-200">
          <Fact label="Type d'arnaque">{scamTypeLabel(facts.scam_type)}</Fact>
          <Fact label="Moyen de contact">
            {contactMethodLabel(facts.contact_method)}
            {facts.contact_method_details ? ` — ${facts.contact_method_details}` : ""}
          </Fact>
          <Fact label="Premier contact">{facts.first_contact_date ? formatDate(facts.first_contact_date) : none}</Fact>
          <Fact label={DECLARED_AMOUNT_LABEL}>{declaredText(amounts)}</Fact>
          <Fact label={DOCUMENTED_PAYMENTS_LABEL}>{documentedText(amounts)}</Fact>
          <Fact label="Moyens de paiement">{facts.payment_methods.length ? facts.payment_methods.map(paymentMethodLabel).join(", ") : none}</Fact>
          <Fact label="Banque contactée">{facts.contacted_bank ? `Oui${facts.bank_contact_details ? ` — ${facts.bank_contact_details}` : ""}` : "Non"}</Fact>
          <Fact label="Plainte déposée">
            {facts.filed_complaint
              ? `Oui${facts.complaint_status ? ` — ${facts.complaint_status}` : ""}${facts.complaint_reference ? ` (n° ${facts.complaint_reference})` : ""}`
              : "Non"}
          </Fact>
          <Fact label="Description">{facts.detailed_description || none}</Fact>
          <Fact label="Preuves disponibles">{facts.evidence_types.length ? facts.evidence_types.map(evidenceTypeLabel).join(", ") : none}</Fact>
          <Fact label="Créé le">{formatDate(view.createdAt)}</Fact>
          {view.submittedAt ? <Fact label="Soumis le">{formatDate(view.submittedAt)}</Fact> : null}
        </dl>
      </section>

      <EvidencePanel view={view.evidence} />
      <CaseDocumentsPanel view={view.evidence} />
    </div>
  );
}
