import type { ReactNode } from "react";
import { AppLink } from "~/components/ui/app-link";
import { Form, useLocation } from "react-router";
import { BackLink, BackToDashboardLink, Button, ButtonLink } from "~/components/ui/button";
import { controlClasses } from "~/components/ui/field";
import { formatDate, formatDateTime } from "~/lib/format";
import { ResponsiveTable, type TableColumn } from "~/components/ui/responsive-table";

/**
 * A staff list screen: 'Retour au tableau de bord' (spec; the admin screens), its title, what it is for, then the screen.
 * `wide` for the tables with many columns; `backLink` may name another page to go back to.
 */
export function BackOfficePage({
  id,
  title,
  intro,
  wide = false,
  backLink = true,
  children,
}: {
  id: string;
  title: string;
  intro?: ReactNode;
  wide?: boolean;
  backLink?: boolean | { to: string; label: string };
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className={`mx-auto ${wide ? "max-w-7xl" : "max-w-6xl"} px-4 pb-10 pt-4`}>
      {backLink === true ? <BackToDashboardLink /> : backLink ? <BackLink to={backLink.to} variant="link">{backLink.label}</BackLink> : null}
      <h1 id={id} className={`${backLink ? "mt-2 " : ""}text-3xl font-bold text-slate-900`}>
        {title}
      </h1>
      {intro ? <div className="mt-2 max-w-3xl text-slate-700">{intro}</div> : null}
      {children}
    </section>
  );
}

/**
 * The search box of a staff list (case-insensitive substring match) with the list's filters beside it (FilterSelect);
 * `keep` carries the list's other parameters (its view) through the search.
 */
export function SearchForm({
  label,
  placeholder,
  value,
  error,
  submitLabel = "Rechercher",
  keep,
  children,
}: {
  label: string;
  placeholder: string;
  value: string;
  error?: string | null;
  submitLabel?: string;
  keep?: Record<string, string | undefined>;
  children?: ReactNode;
}) {
  return (
    <Form method="get" role="search" className="mt-6 flex flex-wrap items-end gap-3">
      {Object.entries(keep ?? {}).map(([name, kept]) => (kept ? <input key={name} type="hidden" name={name} value={kept} /> : null))}
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
          className={controlClasses(error ?? undefined)}
        />
        {error ? (
          <p id="recherche-erreur" className="mt-1 font-semibold text-red-800">
            {error}
          </p>
        ) : null}
      </div>
      {children}
      <Button>{submitLabel}</Button>
    </Form>
  );
}

/** A filter of a staff list, beside its search box. */
export function FilterSelect({
  id,
  name,
  label,
  value,
  options,
}: {
  id: string;
  name: string;
  label: string;
  value: string;
  options: readonly { value: string; label: string }[];
}) {
  return (
    <div>
      <label htmlFor={id} className="block font-semibold text-slate-900">
        {label}
      </label>
      <select id={id} name={name} defaultValue={value} className={controlClasses(undefined)}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** The options of a FilterSelect from a list of values and their labels. */
export function filterOptions<Value extends string>(values: readonly Value[], labels: Record<Value, string>): { value: string; label: string }[] {
  return values.map((value) => ({ value, label: labels[value] }));
}

/** The views of a list as tabs (links), the current one marked. */
export function ListTabs({ label, tabs }: { label: string; tabs: readonly { to: string; label: string; current: boolean }[] }) {
  return (
    <nav aria-label={label} className="mt-6 flex flex-wrap gap-2">
      {tabs.map((tab) => (
        <ButtonLink key={tab.to} to={tab.to} aria-current={tab.current ? "page" : undefined} variant={tab.current ? "primary" : "secondary"}>
          {tab.label}
        </ButtonLink>
      ))}
    </nav>
  );
}

/** What a row action of the list (or a form of the page) refused, above it; nothing without a message. */
export function ListAlert({ children, className = "mt-6 border-2" }: { children: ReactNode; className?: string }) {
  if (!children) return null;
  return (
    <p role="alert" className={`${className} rounded-md border-red-700 bg-red-50 p-3 font-semibold text-red-900`}>
      {children}
    </p>
  );
}

/** A refusal with its reasons listed under it; nothing without a reason. */
export function ProblemsAlert({ title, problems, className = "mt-4 border-2" }: { title: ReactNode; problems: readonly string[]; className?: string }) {
  if (problems.length === 0) return null;
  return (
    <div role="alert" className={`${className} rounded-md border-red-700 bg-red-50 p-3 text-red-900`}>
      <p className="font-semibold">{title}</p>
      <ul className="mt-1 list-disc pl-5">
        {problems.map((problem) => (
          <li key={problem}>{problem}</li>
        ))}
      </ul>
    </div>
  );
}

/** A short refusal in red text, beside the row or above the list it concerns; nothing without a message. */
export function InlineAlert({ children, className = "mt-4" }: { children: ReactNode; className?: string }) {
  if (!children) return null;
  return (
    <p role="alert" className={`${className} font-semibold text-red-800`}>
      {children}
    </p>
  );
}

/** A titled panel of a staff page (a white card), its h2 labelling it. */
export function StaffPanel({ id, title, className = "mt-6", children }: { id: string; title: ReactNode; className?: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className={`${className ? `${className} ` : ""}rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200`}>
      <h2 id={id} className="text-xl font-bold text-slate-900">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** How many rows the list holds, read out when it changes. */
export function ResultCount({ children }: { children: ReactNode }) {
  return (
    <p className="mt-6 text-sm text-slate-700" aria-live="polite">
      {children}
    </p>
  );
}

/** The table of a staff list (ResponsiveTable), each row keyed by its id; `className` places it under what precedes it. */
export function StaffTable<Row extends { id: string | number }>({
  caption,
  rows,
  empty,
  columns,
  className = "mt-6",
}: {
  caption: string;
  rows: readonly Row[];
  empty: string;
  columns: readonly [TableColumn<Row>, ...TableColumn<Row>[]];
  className?: string;
}) {
  const table = <ResponsiveTable caption={caption} rows={rows} rowKey={(row) => String(row.id)} empty={empty} columns={columns} />;
  return className ? <div className={className}>{table}</div> : table;
}

/** A person in a staff list: the name, linking to their page under /admin/users, above the e-mail address. */
export function PersonCell({ person }: { person: { id: string; firstName: string; lastName: string; email: string } }) {
  return (
    <>
      <AppLink to={`/admin/users/${person.id}`} className="font-semibold text-brand-800 underline">
        {person.firstName} {person.lastName}
      </AppLink>
      <span className="block break-all text-slate-700">{person.email}</span>
    </>
  );
}

/** The address of this list with some parameters changed (null removes one), the others kept. */
export function useListHref(): (changes: Record<string, string | null | undefined>) => string {
  const location = useLocation();
  return (changes) => {
    const next = new URLSearchParams(location.search);
    for (const [name, value] of Object.entries(changes)) {
      if (value) next.set(name, value);
      else next.delete(name);
    }
    const search = next.toString();
    return `${location.pathname}${search ? `?${search}` : ""}`;
  };
}

/** "?q=…&page=n": a numbered page of a short list searched by one term. */
export function pageHref(q: string, page: number): string {
  return `?${new URLSearchParams({ ...(q ? { q } : {}), page: String(page) })}`;
}

interface PageLink {
  to: string;
  label: string;
}

/**
 * The paging of a list: back (the previous page, or the first one for a keyset list), where the list stands, next.
 * Nothing when there is neither back nor next.
 */
export function Pagination({ back, status, next, label = "Pagination" }: { back?: PageLink | null; status?: ReactNode; next?: PageLink | null; label?: string }) {
  if (!back && !next) return null;
  return (
    <nav aria-label={label} className="mt-6 flex flex-wrap items-center gap-4">
      {back ? (
        <ButtonLink to={back.to} variant="secondary">
          {back.label}
        </ButtonLink>
      ) : null}
      {status ? <span className="text-slate-700">{status}</span> : null}
      {next ? (
        <ButtonLink to={next.to} variant="secondary">
          {next.label}
        </ButtonLink>
      ) : null}
    </nav>
  );
}

/** "Page suivante" of a keyset list: the current address with the next page's cursor. */
export function NextPageLink({ next }: { next: string | null }) {
  const href = useListHref();
  return <Pagination next={next ? { to: href({ after: next }), label: "Page suivante" } : null} />;
}

export function frenchDateTime(iso: string): string {
  return formatDateTime(iso);
}

export function frenchDate(iso: string): string {
  return formatDate(iso);
}
