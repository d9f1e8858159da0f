import type { ReactNode } from "react";
import { FieldError } from "~/components/ui/field";
import { ExternalIcon } from "~/components/ui/icons";

/** A link to a legal page that opens in a new tab (spec §2), and says so. */
export function NewTabLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      className="font-semibold text-brand-700 underline underline-offset-2"
    >
      {children}
      <span className="sr-only"> (s'ouvre dans un nouvel onglet)</span> <ExternalIcon />
    </a>
  );
}

export function ConsentCheckbox({
  name,
  defaultChecked,
  error,
  children,
}: {
  name: string;
  defaultChecked: boolean;
  error?: string;
  children: ReactNode;
}) {
  const inputId = `champ-${name}`;
  const errorId = `${inputId}-erreur`;
  return (
    <div>
      <div className="flex items-start gap-3">
        <input
          id={inputId}
          name={name}
          type="checkbox"
          defaultChecked={defaultChecked}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          className="mt-0.5 size-5 shrink-0 accent-brand-700"
        />
        <label htmlFor={inputId} className="block min-h-11 py-3 text-sm text-slate-800">
          {children}
        </label>
      </div>
      <FieldError id={errorId} message={error} />
    </div>
  );
}
