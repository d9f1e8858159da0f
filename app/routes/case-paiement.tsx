import { data, Form } from "react-router";
import type { Route } from "./+types/case-paiement";
import { PaymentForm } from "~/components/case-file/payment-form";
import { pageTitle } from "~/content/site";
import { amountForInput } from "~/modules/cases/cases.schema";
import { isoToFrenchDate } from "~/lib/dates";
import { caseFileMessages, paymentSchema, type PaymentFormValues } from "~/modules/case-file/case-file.schema";
import { deletePayment, paymentFor, updatePayment } from "~/modules/case-file/case-file.server";
import { NotFoundError } from "~/platform/actor";
import { redirectWithToast } from "~/platform/flash.server";
import { parseForm } from "~/platform/form.server";
import { requireUser } from "~/platform/guards.server";
import { BackLink, Button } from "~/components/ui/button";

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
  if (fields?.get("intent") === "supprimer") {
    const result = await deletePayment(actor, params.caseId, params.paymentId);
    if (!result.ok) return data({ fieldErrors: undefined, values: undefined, formError: result.formError }, { status: result.status });
    return redirectWithToast(back, { title: caseFileMessages.paymentDeleted, tone: "success" });
  }
  const form = await parseForm(request, paymentSchema);
  if (!form.ok) return data({ fieldErrors: form.fieldErrors, values: form.values, formError: undefined }, { status: 422 });
  const result = await updatePayment(actor, params.caseId, params.paymentId, form.data);
  if (!result.ok) return data({ fieldErrors: result.fieldErrors, values: form.values, formError: result.formError }, { status: result.status });
  return redirectWithToast(back, { title: caseFileMessages.paymentUpdated, tone: "success" });
}

export default function EditPaymentPage({ loaderData, actionData }: Route.ComponentProps) {
  const values = { ...loaderData.values, ...(actionData?.values as Partial<PaymentFormValues> | undefined) };
  return (
    <div className="mx-auto max-w-3xl space-y-6 px-4 py-8">
      <BackLink variant="link" to={`/case/${loaderData.caseId}#paiements`}>
        Retour au dossier {loaderData.caseNumber}
      </BackLink>
      <section className="rounded-xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
        <h1 className="text-2xl font-bold text-slate-900">Modifier un paiement</h1>
        <p className="mt-1 text-slate-700">Dossier {loaderData.caseNumber}</p>
        <div className="mt-6">
          {loaderData.canEdit ? (
            <PaymentForm values={values} errors={actionData?.fieldErrors} formError={actionData?.formError} submitLabel="Enregistrer les modifications" />
          ) : (
            <p className="text-slate-800">{caseFileMessages.readOnly}</p>
          )}
        </div>
      </section>
      {loaderData.canEdit ? (
        <Form method="post" className="rounded-xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
          <h2 className="text-lg font-bold text-slate-900">Supprimer ce paiement</h2>
          <p className="mt-1 text-slate-700">Son IBAN ou son portefeuille quitte aussi la liste des identifiants, et ses rappels d'échéance sont annulés.</p>
          <input type="hidden" name="intent" value="supprimer" />
          <Button variant="danger-outline" className="mt-3" type="submit">
            Supprimer le paiement
          </Button>
        </Form>
      ) : null}
    </div>
  );
}
