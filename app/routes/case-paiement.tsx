import { Form } from "react-router";
import type { Route } from "./+types/case-paiement";
import { PaymentForm } from "~/components/case-file/payment-form";
import { CaseFileSubpage } from "~/components/case-file/case-file-subpage";
import { pageTitle } from "~/content/site";
import { amountForInput } from "~/modules/cases/cases.schema";
import { isoToFrenchDate } from "~/lib/dates";
import { caseFileMessages, paymentSchema, type PaymentFormValues } from "~/modules/case-file/case-file.schema";
import { deletePayment, paymentFor, updatePayment } from "~/modules/case-file/case-file.server";
import { NotFoundError } from "~/platform/actor";
import { caseFileAnswer, saveCaseFileForm } from "~/modules/case-file/case-file-form-action.server";
import { requireUser } from "~/platform/guards.server";
import { Button } from "~/components/ui/button";

export const meta: Route.MetaFunction = () => [{ title: pageTitle("Modifier un paiement") }, { name: "robots", content: "noindex" }];

export async function loader({ params, context }: Route.LoaderArgs) {
  const found = await paymentFor(requireUser(context), params.caseId, params.paymentId);
  if (!found) throw new NotFoundError(caseFileMessages.paymentUnknown);
  const { payment } = found;
  const values: PaymentFormValues = {
    paid_on: isoToFrenchDate(payment.paidOn),
    amount: amountForInput(payment.amount),
    currency: payment.currency,
    method: payment.method,
    beneficiary_kind: payment.beneficiaryKind,
    beneficiary: payment.beneficiary,
    wallet_network: payment.walletNetwork ?? "",
    payer_bank: payment.payerBank ?? "",
    note: payment.note ?? "",
  };
  return { caseId: params.caseId, caseNumber: found.caseNumber, canEdit: found.canEdit, values };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const actor = requireUser(context);
  const back = `/case/${params.caseId}#paiements`;
  const fields = await request.clone().formData().catch(() => null);
  if (fields?.get("intent") === "delete") {
    return caseFileAnswer(await deletePayment(actor, params.caseId, params.paymentId), { back, title: caseFileMessages.paymentDeleted });
  }
  return saveCaseFileForm(request, paymentSchema, (input) => updatePayment(actor, params.caseId, params.paymentId, input), {
    back,
    title: caseFileMessages.paymentUpdated,
  });
}

export default function EditPaymentPage({ loaderData, actionData }: Route.ComponentProps) {
  const values = { ...loaderData.values, ...(actionData?.values as Partial<PaymentFormValues> | undefined) };
  return (
    <CaseFileSubpage header={loaderData} section="paiements" title="Modifier un paiement" intro={`Dossier ${loaderData.caseNumber}`}
      after={
        <Form method="post" className="rounded-xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
          <h2 className="text-lg font-bold text-slate-900">Supprimer ce paiement</h2>
          <p className="mt-1 text-slate-700">Son IBAN ou son portefeuille quitte aussi la liste des identifiants, et ses rappels d'échéance sont annulés.</p>
          <input type="hidden" name="intent" value="delete" />
          <Button variant="danger-outline" className="mt-3" type="submit">
            Supprimer le paiement
          </Button>
        </Form>
      }
    >
      <PaymentForm values={values} errors={actionData?.fieldErrors} formError={actionData?.formError} submitLabel="Enregistrer les modifications" />
    </CaseFileSubpage>
  );
}
