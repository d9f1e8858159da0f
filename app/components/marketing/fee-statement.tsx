import { feeStatement } from "~/content/fees";
import { useFeeModel } from "../use-operator";

/** The one fee story, as every page that speaks of money shows it, from the operator's fee model (decision 77). */
export function FeeStatement({ className = "mt-8 max-w-3xl rounded-lg border-l-4 border-brand-700 bg-white p-4 text-slate-900" }: { className?: string }) {
  const fees = useFeeModel();
  return (
    <p data-fee-statement="" className={className}>
      <strong className="font-semibold">Honoraires et frais&#x202f;: </strong>
      {feeStatement(fees)}
    </p>
  );
}
