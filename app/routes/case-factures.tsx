import { data, Form, useNavigation } from "react-router";
import type { Route } from "./+types/case-factures";
import { FormAlert } from "~/components/form-controls";
import { Button, ButtonLink } from "~/components/ui/button";
import { pageTitle } from "~/content/site";
import { formatDate } from "~/lib/format";
import { isUuid } from "~/lib/uuid";
import { invoiceAmount } from "~/modules/invoicing/invoice-amount";
import { caseInvoicesFor, issueCreditNote, issueInvoice } from "~/modules/invoicing/invoicing.server";
import { redirectWithToast } from "~/platform/flash.server";
import { answerInit } from "~/platform/form.server";
import { requireUser } from "~/platform/guards.server";

export const meta: Route.MetaFunction = () => [{ title: pageTitle("Factures du dossier") }, { name: "robots", content: "noindex" }];

export async function loader({ params, context }: Route.LoaderArgs) {
  return caseInvoicesFor(requireUser(context), params.caseId);
}

/** POST ?intent=issue (the assigned lawyer issues an invoice) or ?intent=credit-note (cancels one by a credit note). */
export async function action({ url, request, params, context }: Route.ActionArgs) {
  const actor = requireUser(context);
  const intent = url.searchParams.get("intent");
  const here = `/case/${encodeURIComponent(params.caseId)}/factures`;
  if (intent === "issue") {
    const result = await issueInvoice(actor, params.caseId);
    if (!result.ok) return data({ formError: result.formError }, answerInit(result));
    return redirectWithToast(here, { title: `Facture ${result.number} émise`, tone: "success" });
  }
  if (intent === "credit-note") {
    const invoiceId = String((await request.formData()).get("invoiceId") ?? "");
    if (!isUuid(invoiceId)) return data({ formError: "Choisissez la facture à annuler." }, { status: 400 });
    const result = await issueCreditNote(actor, invoiceId);
    if (!result.ok) return data({ formError: result.formError }, answerInit(result));
    return redirectWithToast(here, { title: `Avoir ${result.number} émis`, tone: "success" });
  }
  return data({ formError: "Action inconnue." }, { status: 400 });
}

export default function CaseInvoicesPage({ loaderData: panel, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const caseLink = `/case/${encodeURIComponent(panel.caseId)}`;
  return (
    <section aria-labelledby="titre-factures" className="mx-auto max-w-4xl px-4 py-8">
      <h1 id="titre-factures" className="text-3xl font-bold text-slate-900">
        Factures du dossier
      </h1>
      <FormAlert message={actionData?.formError} />
      {panel.mayIssue ? (
        <div className="mt-6 rounded-xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
          <h2 className="text-xl font-bold text-slate-900">Émettre une facture</h2>
          <p className="mt-2 text-slate-800">
            La facture reprend ce que la convention et les sommes récupérées rendent dû et qui n'a pas encore été facturé. Elle est émise par Recours en votre nom
            (mandat de facturation), ne peut plus être modifiée, et ne s'annule que par un avoir.
          </p>
          {panel.missing.length > 0 ? (
            <p className="mt-2 text-slate-800">
              Il manque à votre profil de facturation&#x202f;: {panel.missing.join(", ")}.{" "}
              <a href="/avocat/facturation" className="font-semibold text-brand-800 underline">
                Compléter mon profil de facturation
              </a>
            </p>
          ) : null}
          <Form method="post" action="?intent=issue" className="mt-4">
            <Button disabled={busy}>Émettre la facture</Button>
          </Form>
        </div>
      ) : null}
      {panel.invoices.length === 0 ? (
        <p className="mt-6 text-slate-800">Aucune facture n'a été émise pour ce dossier.</p>
      ) : (
        <table className="mt-6 w-full border-collapse text-left">
          <caption className="sr-only">Factures et avoirs du dossier, du plus ancien au plus récent</caption>
          <thead>
            <tr className="border-b border-slate-300">
              <th scope="col" className="py-2 pr-3">Numéro</th>
              <th scope="col" className="py-2 pr-3">Date</th>
              <th scope="col" className="py-2 pr-3 text-right">Total TTC</th>
              <th scope="col" className="py-2 pr-3">PDF</th>
              {panel.mayIssue ? <th scope="col" className="py-2">Annuler</th> : null}
            </tr>
          </thead>
          <tbody>
            {panel.invoices.map((invoice) => (
              <tr key={invoice.id} className="border-b border-slate-200" data-invoice={invoice.number}>
                <td className="py-2 pr-3">
                  <span className="font-semibold">{invoice.kind === "invoice" ? "Facture" : "Avoir"} {invoice.number}</span>
                  {invoice.kind === "credit-note" && invoice.creditedNumber ? <span className="block text-sm text-slate-700">annule la facture {invoice.creditedNumber}</span> : null}
                  {invoice.kind === "invoice" && invoice.creditedBy ? <span className="block text-sm text-slate-700">annulée par l'avoir {invoice.creditedBy}</span> : null}
                </td>
                <td className="py-2 pr-3">{formatDate(invoice.issuedAt)}</td>
                <td className="py-2 pr-3 text-right">{invoiceAmount(invoice.totalTtcCents)}</td>
                <td className="py-2 pr-3">
                  <a href={`/factures/${invoice.id}`} className="font-semibold text-brand-800 underline" download>
                    Télécharger<span className="sr-only"> {invoice.number}</span>
                  </a>
                </td>
                {panel.mayIssue ? (
                  <td className="py-2">
                    {invoice.kind === "invoice" && !invoice.creditedBy ? (
                      <Form method="post" action="?intent=credit-note">
                        <input type="hidden" name="invoiceId" value={invoice.id} />
                        <Button variant="danger-link" disabled={busy}>
                          Annuler par un avoir<span className="sr-only"> la facture {invoice.number}</span>
                        </Button>
                      </Form>
                    ) : null}
                  </td>
                ) : null}
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <ButtonLink variant="link" className="mt-6" to={caseLink}>
        Retour au dossier
      </ButtonLink>
    </section>
  );
}
