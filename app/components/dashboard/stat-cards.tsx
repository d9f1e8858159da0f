import type { ReactNode } from "react";

const counts = new Intl.NumberFormat("fr-FR");

/** Counts may reach the browser as strings (PostgreSQL bigint); they are shown as French numbers. */
export function toCount(value: number | string): number {
  const count = Number(value);
  return Number.isFinite(count) ? count : 0;
}

export function formatCount(value: number | string): string {
  return counts.format(toCount(value));
}

/** French plural: 0 and 1 take the singular. */
export function plural(count: number, singular: string, pluralForm: string): string {
  return `${formatCount(count)} ${Math.abs(count) >= 2 ? pluralForm : singular}`;
}

export interface StatItem {
  label: string;
  value: number | string;
  detail?: ReactNode;
  icon: ReactNode;
}

export function StatCards({ items, label }: { items: StatItem[]; label: string }) {
  return (
    <dl aria-label={label} className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
      {items.map((item) => (
        <div key={item.label} className="flex flex-col rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
          <dt className="flex items-center gap-2 text-sm font-semibold text-slate-700">
            <span aria-hidden="true" className="flex size-8 items-center justify-center rounded-lg bg-brand-50 text-brand-800">
              {item.icon}
            </span>
            {item.label}
          </dt>
          <dd className="mt-3 text-3xl font-bold text-slate-900">{formatCount(item.value)}</dd>
          {item.detail ? <dd className="mt-1 text-sm text-slate-700">{item.detail}</dd> : null}
        </div>
      ))}
    </dl>
  );
}
