import type { FeeBaseDue } from "~/lib/fees";
import type { RecoverySource } from "~/platform/database-schema";
import type { AgreementTerms, FeeFigures } from "./fee-computation";

/** What the recoveries module gives its readers and its PDF: the case's fee figures, ledger entries and detailed account. */

export interface CaseFeeFigures {
  agreementId: string;
  terms: AgreementTerms & { baseFeeDue: FeeBaseDue };
  baseFeeDue: boolean;
  figures: FeeFigures;
}

/** What every entry of an append-only ledger (sums recovered, sums received) shows. */
export interface LedgerEntryView {
  id: string;
  amountCents: number;
  amountText: string;
  note: string;
  /** On a reversal: the entry it cancels, and why. */
  reversesId: string | null;
  reason: string | null;
  /** On an entry that was reversed: its reversal. */
  reversedById: string | null;
  recordedBy: string;
  createdAt: string;
}

export interface RecoveryEntryView extends LedgerEntryView {
  /** "yyyy-MM-dd". */
  recoveredOn: string;
  source: RecoverySource;
  sourceLabel: string;
  payments: { id: string; label: string }[];
  hasProof: boolean;
}

export interface DetailedAccount {
  caseId: string;
  caseNumber: string;
  clientName: string;
  lawyerName: string;
  lawyerBar: string;
  terms: CaseFeeFigures["terms"];
  baseFeeDue: boolean;
  figures: FeeFigures;
  entries: RecoveryEntryView[];
  /** Every cost proposed (only the approved ones count in the figures). */
  costs: CostView[];
  feePayments: FeePaymentView[];
  generatedAt: Date;
}

export type CostStatus = "pending" | "approved" | "declined" | "withdrawn";

/** A cost or disbursement the lawyer proposed, and what became of it. */
export interface CostView {
  id: string;
  label: string;
  /** "yyyy-MM-dd". */
  incurredOn: string;
  amountCents: number;
  amountText: string;
  note: string;
  status: CostStatus;
  statusLabel: string;
  proposedBy: string;
  proposedAt: string;
  decidedAt: string | null;
}

/** A sum the client paid the lawyer (TTC), or the reversal of one. */
export interface FeePaymentView extends LedgerEntryView {
  /** "yyyy-MM-dd". */
  receivedOn: string;
  label: string;
}
