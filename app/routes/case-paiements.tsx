import { data } from "react-router";
import type { Route } from "./+types/case-paiements";
import { PaymentForm } from "~/components/case-file/payment-form";
import { pageTitle } from "~/content/site";
import { caseFileMessages, EMPTY_PAYMENT_FORM, paymentSchema, type PaymentFormValues } from "~/modules/case-file/case-file.schema";
import { addPayment, caseFileHeader } from "~/modules/case-file/case-file.server";
import { redirectWithToast } from "~/platform/flash.server";
import { parseForm } from "~/platform/form.server";
import { requireUser } from "~/platform/guards.server";
import { BackLink } from "~/components/ui/button";

export const meta: Route.MetaFunction = ({ data: header }) => [
  { title: pageTitle(header ? `Ajouter un paiement — dossier ${header.caseNumber}` : "Ajouter un paiement") },
  { name: "robots", content: "noindex" },
];

export async function loader({ params, context }: Route.LoaderArgs) {
  return caseFileHeader(requireUser(context), params.caseId);
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const actor = requireUser(context);
  const form = await parseForm(request, paymentSchema);
  if (!form.ok) return data({ fieldErrors: form.fieldErrors, values: form.values, formError: undefined }, { status: 422 });
  const result = await addPayment(actor, params.caseId, form.data);
  if (!result.ok) return data({ fieldErrors: result.fieldErrors, values: form.values, formError: result.formError }, { status: result.status });
  return redirectWithToast(`/case/${params.caseId}#paiements`, { title: caseFileMessages.paymentAdded, tone: "success" });
}

export default function NewPaymentPage({ loaderData: header, actionData }: Route.ComponentProps) {
  const values = { ...EMPTY_PAYMENT_FORM, ...(actionData?.values as Partial<PaymentFormValues> | undefined) };
  return (
    <div className="mx-auto max-w-3xl space-y-6 px-4 py-8">
      <BackLink variant="link" to={`/case/${header.caseId}#paiements`}>
        Retour au dossier {header.caseNumber}
      </BackLink>
      <section className="rounded-xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
        <h1 className="text-2xl font-bold text-slate-900">Ajouter un paiement</h1>
        <p className="mt-1 text-slate-700">Dossier {header.caseNumber}. Un paiement par versement : la date et le montant figurent sur votre relevé.</p>
        <div className="mt-6">
          {header.canEdit ? (
            <PaymentForm action={`/case/${header.caseId}/paiements`} values={values} errors={actionData?.fieldErrors} formError={actionData?.formError} submitLabel="Enregistrer le paiement" />
          ) : (
            <p className="text-slate-800">{caseFileMessages.readOnly}</p>
          )}
        </div>
      </section>
    </div>
  );
}
