import type { ReactNode } from "react";

/**
 * A page section titled by an h2. `id` names the heading (aria-labelledby) and serves as an anchor.
 */
export function PageSection({
  id,
  heading,
  intro,
  tone = "white",
  children,
}: {
  id: string;
  heading: string;
  intro?: ReactNode;
  tone?: "white" | "muted";
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className={tone === "muted" ? "bg-slate-100" : "bg-white"}>
      <div className="mx-auto max-w-6xl px-4 py-12 sm:py-16">
        <h2 id={id} className="text-2xl font-bold text-slate-900 sm:text-3xl">
          {heading}
        </h2>
        {intro ? <div className="mt-3 max-w-3xl text-lg text-slate-700">{intro}</div> : null}
        <div className="mt-8">{children}</div>
      </div>
    </section>
  );
}
