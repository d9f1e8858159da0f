import type { ReactNode } from "react";
import { CaseAmount, type CaseAmountRow } from "~/components/case-file/case-amount";
import { CaseStatusBadge } from "~/components/dashboard/case-list";
import type { TableColumn } from "~/components/ui/responsive-table";
import { scamTypeLabel } from "~/modules/cases/cases.schema";
import { FilterSelect, SearchForm } from "./back-office-page";

type CaseSummary = CaseAmountRow & { scamType: string | null; status: string };

/** The columns every staff case list shows between the person and the dates: scam type, amount, status. */
export function caseSummaryColumns<Row extends CaseSummary>(): TableColumn<Row>[] {
  return [
    { header: "Type d'arnaque", cell: (row) => scamTypeLabel(row.scamType) },
    { header: "Montant", cell: (row) => <CaseAmount row={row} /> },
    { header: "Statut", cell: (row) => <CaseStatusBadge status={row.status} /> },
  ];
}

/** The search of a staff case list: the term, the status, then the list's own filters. */
export function CaseSearchForm({
  value,
  placeholder,
  status,
  statuses,
  keep,
  children,
}: {
  value: string;
  placeholder: string;
  status: string;
  statuses: readonly { value: string; label: string }[];
  keep?: Record<string, string | undefined>;
  children?: ReactNode;
}) {
  return (
    <SearchForm label="Rechercher" placeholder={placeholder} value={value} submitLabel="Filtrer" keep={keep}>
      <FilterSelect id="status" name="status" label="Statut" value={status} options={statuses} />
      {children}
    </SearchForm>
  );
}
