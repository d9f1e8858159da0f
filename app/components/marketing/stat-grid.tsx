import { FigureSourceNote } from "./figure-source";
import type { Stat } from "~/content/types";
import { typeset } from "~/lib/typography";

/**
 * Key figures: the value large, its meaning below, then where it comes from (site.ts). A description list keeps
 * each group together for screen readers.
 */
export function StatGrid({ stats, tone = "light" }: { stats: readonly Stat[]; tone?: "light" | "dark" }) {
  const dark = tone === "dark";
  return (
    <dl className="grid grid-cols-2 gap-4 lg:grid-cols-4">
      {stats.map((stat) => (
        <div
          key={stat.label}
          className={`flex flex-col rounded-xl p-4 text-center ${dark ? "bg-brand-800 text-white" : "border border-brand-100 bg-white"}`}
        >
          <dt className={`order-2 mt-1 text-sm ${dark ? "text-brand-50" : "text-slate-700"}`}>{typeset(stat.label)}</dt>
          <dd data-figure={stat.figure} className={`order-1 text-2xl font-bold sm:text-3xl ${dark ? "text-white" : "text-brand-800"}`}>
            {typeset(stat.value)}
          </dd>
          <dd data-figure-source={stat.figure} className={`order-3 mt-2 text-xs ${dark ? "text-brand-100" : "text-slate-600"}`}>
            <FigureSourceNote figure={stat.figure} />
          </dd>
        </div>
      ))}
    </dl>
  );
}
