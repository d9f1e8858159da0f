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

export interface RecoveryEntryView {
  id: string;
  /** "yyyy-MM-dd". */
  recoveredOn: string;
  amountCents: number;
  amountText: string;
  source: RecoverySource;
  sourceLabel: string;
  payments: { id: string; label: string }[];
  note: string;
  /** On a reversal: the entry it cancels, and why. */
  reversesId: string | null;
  reason: string | null;
  /** On an entry that was reversed: its reversal. */
  reversedById: string | null;
  recordedBy: string;
  createdAt: string;
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
  generatedAt: Date;
}
