import type { FaqItem } from "~/content/types";

/** Questions that open and close without JavaScript (details/summary), with the keyboard too. */
export function FaqList({ items }: { items: readonly FaqItem[] }) {
  return (
    <div className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
      {items.map((item) => (
        <details key={item.question} className="group p-5">
          <summary className="flex min-h-11 cursor-pointer list-none items-start justify-between gap-4 text-lg font-semibold text-slate-900 [&::-webkit-details-marker]:hidden">
            <span>{item.question}</span>
            <span aria-hidden="true" className="mt-0.5 text-2xl leading-none text-brand-700 group-open:rotate-45">
              +
            </span>
          </summary>
          <p className="mt-3 text-slate-700">{item.answer}</p>
        </details>
      ))}
    </div>
  );
}
