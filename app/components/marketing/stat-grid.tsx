import type { Stat } from "~/content/types";

/** Key figures: the value large, its meaning below. A description list keeps each pair together for screen readers. */
export function StatGrid({ stats, tone = "light" }: { stats: readonly Stat[]; tone?: "light" | "dark" }) {
  const dark = tone === "dark";
  return (
    <dl className="grid grid-cols-2 gap-4 lg:grid-cols-4">
      {stats.map((stat) => (
        <div
          key={stat.label}
          className={`flex flex-col-reverse rounded-xl p-4 text-center ${dark ? "bg-brand-800 text-white" : "border border-brand-100 bg-white"}`}
        >
          <dt className={`mt-1 text-sm ${dark ? "text-brand-50" : "text-slate-700"}`}>{stat.label}</dt>
          <dd className={`text-2xl font-bold sm:text-3xl ${dark ? "text-white" : "text-brand-800"}`}>{stat.value}</dd>
        </div>
      ))}
    </dl>
  );
}
