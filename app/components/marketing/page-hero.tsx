import type { ReactNode } from "react";
import type { CallToAction } from "~/content/types";
import { CallToActionLink } from "./call-to-action";

/** The top of a public page: its only h1, a lead paragraph and up to two actions. */
export function PageHero({
  eyebrow,
  heading,
  lead,
  primary,
  secondary,
  before,
  children,
}: {
  eyebrow?: string;
  heading: string;
  lead: ReactNode;
  primary?: CallToAction;
  secondary?: CallToAction;
  /** Shown above the heading (e.g. a breadcrumb). */
  before?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <div className="border-b border-brand-100 bg-gradient-to-b from-brand-50 to-white">
      <div className="mx-auto max-w-6xl px-4 py-12 sm:py-16">
        {before}
        {eyebrow ? <p className="text-sm font-semibold uppercase tracking-wide text-brand-700">{eyebrow}</p> : null}
        <h1 className="mt-2 max-w-4xl text-3xl font-bold leading-tight text-slate-900 sm:text-5xl">{heading}</h1>
        <div className="mt-5 max-w-3xl text-lg text-slate-700 sm:text-xl">{lead}</div>
        {primary || secondary ? (
          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            {primary ? <CallToActionLink cta={primary} /> : null}
            {secondary ? <CallToActionLink cta={secondary} variant="secondary" /> : null}
          </div>
        ) : null}
        {children}
      </div>
    </div>
  );
}
