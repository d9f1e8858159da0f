import type { ReactNode } from "react";

export type NoticeTone = "info" | "success" | "warning" | "danger";

const tones: Record<NoticeTone, { box: string; heading: string; icon: string }> = {
  info: { box: "border-brand-600 bg-brand-50 text-slate-900", heading: "text-brand-900", icon: "i" },
  success: { box: "border-green-700 bg-green-50 text-green-950", heading: "text-green-900", icon: "✓" },
  warning: { box: "border-amber-600 bg-amber-50 text-amber-950", heading: "text-amber-900", icon: "!" },
  danger: { box: "border-red-700 bg-red-50 text-red-950", heading: "text-red-900", icon: "!" },
};

/** A titled notice. The colour is never the only signal: the heading states what the notice is about. */
export function Notice({
  id,
  tone,
  title,
  heading: Heading = "h2",
  children,
}: {
  id: string;
  tone: NoticeTone;
  title: string;
  heading?: "h2" | "h3";
  children: ReactNode;
}) {
  const style = tones[tone];
  return (
    <section aria-labelledby={id} className={`flex gap-3 rounded-lg border-l-4 p-4 ${style.box}`}>
      <span
        aria-hidden="true"
        className={`flex size-6 shrink-0 items-center justify-center rounded-full border-2 border-current text-sm font-bold ${style.heading}`}
      >
        {style.icon}
      </span>
      <div className="min-w-0 flex-1">
        <Heading id={id} className={`font-bold ${style.heading}`}>
          {title}
        </Heading>
        <div className="mt-1 space-y-2 text-sm">{children}</div>
      </div>
    </section>
  );
}
