import type { ReactNode } from "react";
import { Form, Link } from "react-router";

export const BUTTON_PRIMARY =
  "inline-flex min-h-11 items-center justify-center rounded-md bg-brand-700 px-4 font-semibold text-white hover:bg-brand-800";
export const BUTTON_SECONDARY =
  "inline-flex min-h-11 items-center justify-center rounded-md border border-slate-400 bg-white px-3 font-semibold text-slate-900 hover:bg-slate-100";
export const INPUT = "min-h-11 w-full rounded-md border border-slate-500 bg-white px-3 py-2";

/** An admin screen: 'Retour au dashboard' (spec), its title, what it is for, then the screen. */
export function BackOfficePage({ id, title, intro, children }: { id: string; title: string; intro?: ReactNode; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="mx-auto max-w-6xl px-4 pb-10 pt-4">
      <Link to="/dashboard" className="inline-flex min-h-11 items-center font-semibold text-brand-800 underline">
        Retour au dashboard
      </Link>
      <h1 id={id} className="mt-2 text-3xl font-bold text-slate-900">
        {title}
      </h1>
      {intro ? <div className="mt-2 max-w-3xl text-slate-700">{intro}</div> : null}
      {children}
    </section>
  );
}

/** The search box of an admin list (case-insensitive substring match), keeping the list's other filters. */
export function SearchForm({
  label,
  placeholder,
  value,
  error,
  children,
}: {
  label: string;
  placeholder: string;
  value: string;
  error?: string | null;
  children?: ReactNode;
}) {
  return (
    <Form method="get" role="search" className="mt-6 flex flex-wrap items-end gap-3">
      <div className="min-w-64 flex-1">
        <label htmlFor="recherche" className="block font-semibold text-slate-900">
          {label}
        </label>
        <input
          id="recherche"
          name="q"
          type="search"
          defaultValue={value}
          maxLength={200}
          placeholder={placeholder}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? "recherche-erreur" : undefined}
          className={INPUT}
        />
        {error ? (
          <p id="recherche-erreur" className="mt-1 font-semibold text-red-800">
            {error}
          </p>
        ) : null}
      </div>
      {children}
      <button type="submit" className={BUTTON_PRIMARY}>
        Rechercher
      </button>
    </Form>
  );
}

const dateTime = new Intl.DateTimeFormat("fr-FR", { dateStyle: "short", timeStyle: "short", timeZone: "Europe/Paris" });
const dateOnly = new Intl.DateTimeFormat("fr-FR", { dateStyle: "short", timeZone: "Europe/Paris" });

export function frenchDateTime(iso: string): string {
  return dateTime.format(new Date(iso));
}

export function frenchDate(iso: string): string {
  return dateOnly.format(new Date(iso));
}

/** "Page suivante" of a keyset list: the current filters plus the cursor. */
export function NextPageLink({ next, params }: { next: string | null; params: Record<string, string | undefined> }) {
  if (!next) return null;
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) if (value) search.set(name, value);
  search.set("apres", next);
  return (
    <p className="mt-4 flex gap-3">
      <Link to={`?${search.toString()}`} className={BUTTON_SECONDARY}>
        Page suivante
      </Link>
    </p>
  );
}
