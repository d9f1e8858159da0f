import type { Feature } from "~/content/types";
import { ContentIcon } from "./content-icon";

/** Cards with an icon, an h3 and a sentence. */
export function FeatureGrid({ items, columns = 2 }: { items: readonly Feature[]; columns?: 2 | 3 | 4 }) {
  const grid = { 2: "sm:grid-cols-2", 3: "sm:grid-cols-2 lg:grid-cols-3", 4: "sm:grid-cols-2 lg:grid-cols-4" }[columns];
  return (
    <ul className={`grid gap-5 ${grid}`}>
      {items.map((item) => (
        <li key={item.title} className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
          {item.icon ? (
            <span aria-hidden="true" className="flex size-11 items-center justify-center rounded-lg bg-brand-50 text-brand-800">
              <ContentIcon name={item.icon} />
            </span>
          ) : null}
          <h3 className={`text-lg font-semibold text-slate-900 ${item.icon ? "mt-3" : ""}`}>{item.title}</h3>
          <p className="mt-2 text-slate-700">{item.text}</p>
        </li>
      ))}
    </ul>
  );
}
