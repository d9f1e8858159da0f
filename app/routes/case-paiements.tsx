import type { Route } from "./+types/case-paiements";
import { CaseFileSubpage, caseFileSubpageMeta } from "~/components/case-file/case-file-subpage";
import { PaymentForm } from "~/components/case-file/payment-form";
import { caseFileMessages, EMPTY_PAYMENT_FORM, paymentSchema, type PaymentFormValues } from "~/modules/case-file/case-file.schema";
import { addPayment, caseFileHeader } from "~/modules/case-file/case-file.server";
import { saveCaseFileForm } from "~/modules/case-file/case-file-form-action.server";
import { requireUser } from "~/platform/guards.server";

export const meta: Route.MetaFunction = ({ data: header }) => caseFileSubpageMeta("Ajouter un paiement", header?.caseNumber);

export async function loader({ params, context }: Route.LoaderArgs) {
  return caseFileHeader(requireUser(context), params.caseId);
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const actor = requireUser(context);
  return saveCaseFileForm(request, paymentSchema, (input) => addPayment(actor, params.caseId, input), {
    back: `/case/${params.caseId}#paiements`,
    title: caseFileMessages.paymentAdded,
  });
}

export default function NewPaymentPage({ loaderData: header, actionData }: Route.ComponentProps) {
  const values = { ...EMPTY_PAYMENT_FORM, ...(actionData?.values as Partial<PaymentFormValues> | undefined) };
  return (
    <CaseFileSubpage header={header} section="paiements" title="Ajouter un paiement" intro={`Dossier ${header.caseNumber}. Un paiement par versement\u202f: la date et le montant figurent sur votre relevé.`}>
      <PaymentForm action={`/case/${header.caseId}/paiements`} values={values} errors={actionData?.fieldErrors} formError={actionData?.formError} submitLabel="Enregistrer le paiement" />
    </CaseFileSubpage>
  );
}
