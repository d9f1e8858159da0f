import { Form } from "react-router";
import { AppLink } from "~/components/ui/app-link";
import { paymentMethodLabel } from "~/modules/cases/cases.schema";
import type { CaseFileView } from "~/modules/case-file/case-file.server";
import {
  beneficiaryText,
  BENEFICIARY_KIND_LABELS,
  formatMoney,
  IDENTIFIER_KIND_LABELS,
  identifierText,
  WALLET_NETWORK_LABELS,
} from "~/modules/case-file/case-file-format";
import { countdownText, DEADLINE_RULES } from "~/modules/case-file/deadlines";
import { Button, ButtonLink } from "~/components/ui/button";
import { ResponsiveTable, type TableColumn } from "~/components/ui/responsive-table";
import { formatDate } from "~/lib/format";

const SECTION = "rounded-xl bg-white p-6 shadow-sm ring-1 ring-slate-200";

/** The case file on the case page: deadlines, payments with their totals, scammer identifiers and linked cases. */
export function CaseFilePanels({ caseId, caseFile }: { caseId: string; caseFile: CaseFileView }) {
  return (
    <>
      <DeadlinesPanel caseFile={caseFile} />
      <PaymentsPanel caseId={caseId} caseFile={caseFile} />
      <IdentifiersPanel caseId={caseId} caseFile={caseFile} />
    </>
  );
}

function Countdown({ daysLeft }: { daysLeft: number }) {
  const tone = daysLeft < 0 ? "bg-slate-200 text-slate-900" : daysLeft <= 30 ? "bg-red-100 text-red-900" : daysLeft <= 90 ? "bg-amber-100 text-amber-900" : "bg-emerald-100 text-emerald-900";
  return <span className={`inline-flex rounded-full px-3 py-1 text-sm font-bold ${tone}`} data-countdown="">{countdownText(daysLeft)}</span>;
}

export function DeadlinesPanel({ caseFile }: { caseFile: CaseFileView }) {
  const { bank, complaint, asap } = caseFile.deadlines;
  const payments = new Map(caseFile.payments.map((payment) => [payment.id, payment]));
  return (
    <section aria-labelledby="titre-echeances" className={SECTION} data-deadlines="">
      <h2 id="titre-echeances" className="text-xl font-bold text-slate-900">
        Échéances et premiers réflexes
      </h2>
      <ul className="mt-4 space-y-4">
        {asap.map((action) => (
          <li key={action.key} className="rounded-lg border border-slate-200 p-4">
            <p className="flex flex-wrap items-center gap-2 font-semibold text-slate-900">
              <span className="inline-flex rounded-full bg-brand-100 px-3 py-1 text-sm font-bold text-brand-900">Dès que possible</span>
              {action.href ? (
                <a href={action.href} rel="noreferrer" className="text-brand-800 underline">
                  {action.title}
                </a>
              ) : (
                action.title
              )}
            </p>
            <p className="mt-1 text-sm text-slate-700">{action.rule}</p>
          </li>
        ))}
        {bank.map((deadline) => {
          const payment = payments.get(deadline.paymentId);
          return (
            <li key={deadline.paymentId} className="rounded-lg border border-slate-200 p-4" data-bank-deadline={deadline.deadline}>
              <p className="flex flex-wrap items-center gap-2 font-semibold text-slate-900">
                <Countdown daysLeft={deadline.daysLeft} />
                {DEADLINE_RULES.bank.title} avant le {formatDate(deadline.deadline)}
              </p>
              <p className="mt-1 text-slate-800">
                {paymentMethodLabel(deadline.method)} du {formatDate(deadline.paidOn)}
                {payment ? ` — ${formatMoney(payment.amount, payment.currency)}` : ""}
              </p>
              <p className="mt-1 text-sm text-slate-700">{DEADLINE_RULES.bank.rule}</p>
            </li>
          );
        })}
        {complaint ? (
          <li className="rounded-lg border border-slate-200 p-4" data-complaint-deadline={complaint.deadline}>
            <p className="flex flex-wrap items-center gap-2 font-semibold text-slate-900">
              {complaint.filed ? (
                <span className="inline-flex rounded-full bg-emerald-100 px-3 py-1 text-sm font-bold text-emerald-900">Plainte déposée</span>
              ) : (
                <Countdown daysLeft={complaint.daysLeft} />
              )}
              {DEADLINE_RULES.complaint.title} avant le {formatDate(complaint.deadline)}
            </p>
            <p className="mt-1 text-sm text-slate-700">
              Calculé à partir du {formatDate(complaint.from)}. {DEADLINE_RULES.complaint.rule}
            </p>
          </li>
        ) : null}
      </ul>
      {bank.length > 0 ? (
        <p className="mt-3 text-sm text-slate-700">
          {caseFile.viewer === "owner"
            ? "Un rappel vous est envoyé par e-mail 30 jours puis 7 jours avant chaque échéance bancaire."
            : "Un rappel est envoyé au client par e-mail 30 jours puis 7 jours avant chaque échéance bancaire."}
        </p>
      ) : null}
    </section>
  );
}

type PaymentRow = CaseFileView["payments"][number];

function paymentColumns(base: string, canEdit: boolean): readonly [TableColumn<PaymentRow>, ...TableColumn<PaymentRow>[]] {
  const columns: [TableColumn<PaymentRow>, ...TableColumn<PaymentRow>[]] = [
    { header: "Date", cell: (payment) => <span className="whitespace-nowrap">{formatDate(payment.paidOn)}</span> },
    {
      header: "Montant",
      numeric: true,
      cell: (payment) => <span className="whitespace-nowrap font-semibold">{formatMoney(payment.amount, payment.currency)}</span>,
    },
    { header: "Moyen", cell: (payment) => paymentMethodLabel(payment.method) },
    {
      header: "Bénéficiaire",
      cell: (payment) => (
        <>
          <span className="block text-xs text-slate-600">
            {BENEFICIARY_KIND_LABELS[payment.beneficiaryKind]}
            {payment.walletNetwork ? ` · ${WALLET_NETWORK_LABELS[payment.walletNetwork]}` : ""}
          </span>
          <span className="break-all font-mono" data-beneficiary="">
            {beneficiaryText(payment.beneficiaryKind, payment.beneficiary)}
          </span>
          {payment.note ? <span className="block text-slate-700">{payment.note}</span> : null}
        </>
      ),
    },
  ];
  if (canEdit) {
    columns.push({
      header: "Actions",
      cell: (payment) => (
        <ButtonLink variant="link" to={`${base}/paiements/${payment.id}`}>
          Modifier<span className="sr-only"> le paiement du {formatDate(payment.paidOn)}</span>
        </ButtonLink>
      ),
    });
  }
  return columns;
}

export function PaymentsPanel({ caseId, caseFile }: { caseId: string; caseFile: CaseFileView }) {
  const base = `/case/${encodeURIComponent(caseId)}`;
  return (
    <section aria-labelledby="titre-paiements" className={SECTION} id="paiements" data-payments="">
      <h2 id="titre-paiements" className="text-xl font-bold text-slate-900">
        Paiements
      </h2>
      {caseFile.payments.length === 0 ? (
        <p className="mt-2 text-slate-800">
          {caseFile.viewer === "owner"
            ? "Aucun paiement enregistré. Ajoutez chaque versement\u202f: la banque, la police et l'avocat vous les demanderont un par un."
            : "Aucun paiement enregistré. Ajoutez chaque versement que le client vous communique\u202f: la banque et la police les demanderont un par un."}
        </p>
      ) : (
        <div className="mt-4">
          <ResponsiveTable
            caption="Paiements du dossier"
            rows={caseFile.payments}
            rowKey={(payment) => payment.id}
            rowAttributes={() => ({ "data-payment": "" })}
            columns={paymentColumns(base, caseFile.canEdit)}
            empty=""
            footer={caseFile.totals.map((total) => (
              <tr key={total.currency} role="row" data-total={total.currency}>
                <th scope="row" role="rowheader">
                  Total documenté {total.currency === "EUR" ? "" : `(${total.currency})`}
                </th>
                <td role="cell" className="whitespace-nowrap text-base font-bold sm:text-right">
                  {formatMoney(total.amount, total.currency)}
                </td>
                <td role="cell" colSpan={caseFile.canEdit ? 3 : 2} className="text-slate-700">
                  {total.count} paiement{total.count > 1 ? "s" : ""}
                </td>
              </tr>
            ))}
          />
        </div>
      )}
      {caseFile.canEdit ? (
        <p className="mt-4">
          <ButtonLink size="lg" to={`${base}/paiements`}>
            Ajouter un paiement
          </ButtonLink>
        </p>
      ) : null}
    </section>
  );
}

export function IdentifiersPanel({ caseId, caseFile }: { caseId: string; caseFile: CaseFileView }) {
  const base = `/case/${encodeURIComponent(caseId)}`;
  const staff = caseFile.viewer !== "owner";
  return (
    <section aria-labelledby="titre-identifiants" className={SECTION} id="identifiants" data-identifiers="">
      <h2 id="titre-identifiants" className="text-xl font-bold text-slate-900">
        Ce que l'on sait de l'escroc
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        Noms utilisés, numéros, adresses e-mail, sites, profils&#x202f;; les IBAN et portefeuilles des paiements s'y ajoutent d'eux-mêmes.
      </p>
      {caseFile.identifiers.length === 0 ? (
        <p className="mt-3 text-slate-800">Aucun identifiant pour l'instant.</p>
      ) : (
        <ul className="mt-3 divide-y divide-slate-200">
          {caseFile.identifiers.map((identifier) => (
            <li key={identifier.id} className="flex flex-wrap items-start justify-between gap-3 py-3" data-identifier={identifier.kind}>
              <div className="min-w-0">
                <p className="text-sm font-semibold text-slate-700">{IDENTIFIER_KIND_LABELS[identifier.kind]}</p>
                <p className="break-all font-mono text-slate-900">{identifierText(identifier.kind, identifier.value)}</p>
                {identifier.note ? <p className="text-sm text-slate-700">{identifier.note}</p> : null}
                {staff && identifier.links ? (
                  <div className="mt-2 rounded-md border-l-4 border-amber-500 bg-amber-50 px-3 py-2" data-linked-cases="">
                    <p className="font-semibold text-amber-950">
                      {identifier.links.otherCases === 1
                        ? "1 autre dossier partage cet identifiant"
                        : `${identifier.links.otherCases} autres dossiers partagent cet identifiant`}
                    </p>
                    {identifier.links.openable.length > 0 ? (
                      <p className="mt-1 text-sm text-slate-800">
                        {caseFile.viewer === "lawyer" ? "Parmi vos dossiers\u202f: " : "Dossiers\u202f: "}
                        {identifier.links.openable.map((other, index) => (
                          <span key={other.id}>
                            {index > 0 ? ", " : ""}
                            <AppLink to={`/case/${other.id}`} className="font-semibold text-brand-800 underline">
                              {other.caseNumber}
                            </AppLink>
                          </span>
                        ))}
                      </p>
                    ) : null}
                  </div>
                ) : null}
              </div>
              {caseFile.canEdit && !identifier.fromPayment ? (
                <Form method="post" action={`${base}/identifiants`}>
                  <input type="hidden" name="intent" value="delete" />
                  <input type="hidden" name="identifierId" value={identifier.id} />
                  <Button variant="danger-link" type="submit">
                    Retirer<span className="sr-only"> {identifierText(identifier.kind, identifier.value)}</span>
                  </Button>
                </Form>
              ) : identifier.fromPayment ? (
                <span className="text-sm text-slate-600">Issu d'un paiement</span>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {caseFile.canEdit ? (
        <p className="mt-4">
          <ButtonLink variant="secondary" to={`${base}/identifiants`}>
            Ajouter un identifiant
          </ButtonLink>
        </p>
      ) : null}
    </section>
  );
}

