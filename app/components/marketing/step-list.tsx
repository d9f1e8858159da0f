import { ClockIcon } from "~/components/ui/icons";
import type { Step } from "~/content/types";

/** The round step number; decorative, since the list (or a visually hidden 'Étape n') says it. */
export function StepNumber({ value }: { value: number }) {
  return (
    <span
      aria-hidden="true"
      className="flex size-10 shrink-0 items-center justify-center rounded-full bg-brand-700 text-lg font-bold text-white"
    >
      {value}
    </span>
  );
}

/** Numbered steps; the numbers come from the ordered list itself, so they are read out too. */
export function StepList({ steps }: { steps: readonly (Step & { duration?: string })[] }) {
  return (
    <ol className={`grid gap-5 sm:grid-cols-2 ${steps.length === 3 ? "lg:grid-cols-3" : "lg:grid-cols-4"}`}>
      {steps.map((step, index) => (
        <li key={step.title} className="relative rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
          <StepNumber value={index + 1} />
          <h3 className="mt-3 text-lg font-semibold text-slate-900">
            <span className="sr-only">Étape {index + 1}&#x202f;: </span>
            {step.title}
          </h3>
          <p className="mt-2 text-slate-700">{step.text}</p>
          {step.duration ? (
            <p className="mt-3 flex items-center gap-1.5 text-sm font-semibold text-brand-800">
              <ClockIcon className="size-4" />
              <span className="sr-only">Durée habituelle&#x202f;: </span>
              {step.duration}
            </p>
          ) : null}
        </li>
      ))}
    </ol>
  );
}
