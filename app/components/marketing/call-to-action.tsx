import type { CallToAction } from "~/content/types";
import { ContentLink } from "./content-link";

const styles = {
  primary: "bg-brand-700 text-white hover:bg-brand-800",
  secondary: "border-2 border-brand-700 bg-white text-brand-800 hover:bg-brand-50",
  light: "bg-white text-brand-900 hover:bg-brand-50",
  outlineLight: "border-2 border-white text-white hover:bg-white/10",
} as const;

export function CallToActionLink({
  cta,
  variant = "primary",
}: {
  cta: CallToAction;
  variant?: keyof typeof styles;
}) {
  return (
    <ContentLink
      href={cta.to}
      className={`inline-flex min-h-12 items-center justify-center rounded-lg px-5 py-3 text-center text-base font-semibold ${styles[variant]}`}
    >
      {cta.label}
    </ContentLink>
  );
}

/** The closing band of a page: a heading, one sentence and the main action. */
export function ClosingCallToAction({
  heading,
  text,
  cta,
  secondary,
}: {
  heading: string;
  text: string;
  cta: CallToAction;
  secondary?: CallToAction;
}) {
  return (
    <section aria-labelledby="appel-final" className="bg-brand-900 text-white">
      <div className="mx-auto max-w-4xl px-4 py-14 text-center">
        <h2 id="appel-final" className="text-2xl font-bold sm:text-3xl">
          {heading}
        </h2>
        <p className="mx-auto mt-3 max-w-2xl text-lg text-brand-50">{text}</p>
        <div className="mt-6 flex flex-wrap justify-center gap-3">
          <CallToActionLink cta={cta} variant="light" />
          {secondary ? <CallToActionLink cta={secondary} variant="outlineLight" /> : null}
        </div>
      </div>
    </section>
  );
}
