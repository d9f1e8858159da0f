import { feeStatement } from "~/content/site";

/** The one fee story, as every page that speaks of money shows it. */
export function FeeStatement({ className = "mt-8 max-w-3xl rounded-lg border-l-4 border-brand-700 bg-white p-4 text-slate-900" }: { className?: string }) {
  return (
    <p data-fee-statement="" className={className}>
      <strong className="font-semibold">Nos frais&#x202f;: </strong>
      {feeStatement}
    </p>
  );
}
