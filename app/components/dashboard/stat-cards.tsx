import type { ReactNode } from "react";
import { IconTile } from "~/components/ui/icon-tile";
import { ButtonLink } from "~/components/ui/button";
import { formatCount } from "~/lib/format";

/** French plural: 0 and 1 take the singular. */
export function plural(count: number, singular: string, pluralForm: string): string {
  return `${formatCount(count)} ${Math.abs(count) >= 2 ? pluralForm : singular}`;
}

export interface StatItem {
  label: string;
  value: number;
  detail?: ReactNode;
  icon: ReactNode;
  /** The list behind the count: the card's label becomes a link to it. */
  href?: string;
  /** The screen behind the figure. */
  link?: { to: string; label: string };
}

export function StatCards({ items, label }: { items: StatItem[]; label: string }) {
  return (
    <dl aria-label={label} className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
      {items.map((item) => (
        <div key={item.label} className="flex flex-col rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
          <dt className="flex items-center gap-2 text-sm font-semibold text-slate-700">
            <IconTile>{item.icon}</IconTile>
            {item.href ? (
              <ButtonLink variant="subtle" to={item.href}>
                {item.label}
              </ButtonLink>
            ) : (
              item.label
            )}
          </dt>
          <dd className="mt-3 text-3xl font-bold text-slate-900">{formatCount(item.value)}</dd>
          {item.detail ? <dd className="mt-1 text-sm text-slate-700">{item.detail}</dd> : null}
          {item.link ? (
            <dd className="mt-auto pt-2">
              <ButtonLink variant="link" to={item.link.to}>
                {item.link.label}
              </ButtonLink>
            </dd>
          ) : null}
        </div>
      ))}
    </dl>
  );
}

/** "3 vérifiés, 1 non vérifié" under a count of people. */
export function VerifiedSplit({ total, verified }: { total: number; verified: number }) {
  return (
    <>
      {plural(verified, "vérifié", "vérifiés")}, {plural(total - verified, "non vérifié", "non vérifiés")}
    </>
  );
}

/** A dashboard's section of figures: its heading (which names it), then the cards. */
export function StatSection({ id, title, ...cards }: { id: string; title: string; items: StatItem[]; label: string }) {
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className="mb-4 text-xl font-bold text-slate-900">
        {title}
      </h2>
      <StatCards {...cards} />
    </section>
  );
}
