import { z } from "zod";
import { parseFrenchDate } from "~/lib/dates";
import { trimmedText } from "~/lib/form";
import { parseEuroAmount } from "~/modules/cases/cases.schema";
import type { RecoverySource } from "~/platform/database-schema";

/** The recoveries ledger's forms (issue 31), shared by the browser and the actions, with their French messages. */

export const RECOVERY_SOURCE_LABELS: Record<RecoverySource, string> = {
  "rappel-de-fonds": "Rappel de fonds par la banque",
  chargeback: "Rétrofacturation (chargeback)",
  "remboursement-beneficiaire": "Remboursement par le bénéficiaire",
  "decision-de-justice": "Décision de justice",
  autre: "Autre",
};
export const RECOVERY_SOURCES = Object.keys(RECOVERY_SOURCE_LABELS) as RecoverySource[];

/** 999 999 999,99 €: the ledger's CHECK. */
export const MAX_RECOVERY_CENTS = 99_999_999_999;
export const RECOVERY_NOTE_MAX = 1000;
export const REVERSAL_REASON_MAX = 1000;
/** Each related payment is a checkbox named `paiement-<id>` (several values of one name would need JavaScript to read). */
export const PAYMENT_FIELD_PREFIX = "paiement-";

export const recoveryMessages = {
  dateRequired: "Indiquez la date à laquelle la somme a été récupérée",
  dateFormat: "Format de date invalide\u202f: utilisez JJ-MM-AAAA, par exemple 14-03-2025",
  dateInvalid: "Date invalide",
  dateInFuture: "La date de récupération ne peut pas être dans le futur",
  dateBeforeCase: (day: string) => `La date de récupération ne peut pas être antérieure à la création du dossier (${day})`,
  amountRequired: "Indiquez le montant récupéré",
  amountInvalid: "Saisissez un montant en euros, par exemple 1 234,56",
  amountNotPositive: "Le montant récupéré doit être supérieur à zéro",
  amountTooLarge: "Le montant ne peut pas dépasser 999\u202f999\u202f999,99\u00a0€",
  sourceRequired: "Choisissez l'origine de la somme récupérée",
  sourceUnknown: "Cette origine n'existe pas. Choisissez dans la liste.",
  paymentUnknown: "Un des paiements choisis n'appartient pas à ce dossier. Rechargez la page.",
  noteTooLong: `La note ne peut pas dépasser ${RECOVERY_NOTE_MAX} caractères.`,
  reasonRequired: "Indiquez la raison de la contre-passation",
  reasonTooLong: `La raison ne peut pas dépasser ${REVERSAL_REASON_MAX} caractères.`,
  noActiveAgreement: "Aucune convention d'honoraires n'est en vigueur pour ce dossier\u202f: une somme récupérée ne peut être enregistrée qu'après son entrée en vigueur.",
  reversalOfReversal: "Une contre-passation ne peut pas être contre-passée. Enregistrez plutôt une nouvelle somme récupérée.",
  alreadyReversed: "Cette entrée a déjà été contre-passée.",
  entryUnknown: "Cette entrée n'existe pas dans ce dossier. Rechargez la page.",
} as const;

interface AmountMessages {
  amountRequired: string;
  amountInvalid: string;
  amountNotPositive: string;
  amountTooLarge: string;
}

/** An amount typed in euros ("1 234,56"), read as integer cents above 0 and at most 999 999 999,99 €. */
function euroCents(messages: AmountMessages) {
  return trimmedText().transform((text, ctx) => {
    const parsed = text.length > 40 ? ({ kind: "invalid" } as const) : parseEuroAmount(text);
    if (parsed.kind === "empty") ctx.addIssue({ code: "custom", message: messages.amountRequired });
    else if (parsed.kind === "negative") ctx.addIssue({ code: "custom", message: messages.amountNotPositive });
    else if (parsed.kind === "too-large") ctx.addIssue({ code: "custom", message: messages.amountTooLarge });
    else if (parsed.kind !== "ok") ctx.addIssue({ code: "custom", message: messages.amountInvalid });
    else {
      const [units, cents = "0"] = parsed.value.split(".") as [string, string?];
      const total = Number(units) * 100 + Number(cents.padEnd(2, "0"));
      if (total <= 0) ctx.addIssue({ code: "custom", message: messages.amountNotPositive });
      else if (total > MAX_RECOVERY_CENTS) ctx.addIssue({ code: "custom", message: messages.amountTooLarge });
      else return total;
    }
    return z.NEVER;
  });
}

interface DateMessages {
  dateRequired: string;
  dateFormat: string;
  dateInvalid: string;
}

/** "JJ-MM-AAAA" (or JJ/MM/AAAA) as typed, or "yyyy-MM-dd" from a date picker: "yyyy-MM-dd". */
function isoDay(messages: DateMessages) {
  return trimmedText().transform((text, ctx) => {
    const typed = /^\d{4}-\d{2}-\d{2}$/.test(text) ? `${text.slice(8, 10)}-${text.slice(5, 7)}-${text.slice(0, 4)}` : text;
    const parsed = parseFrenchDate(typed);
    if (parsed.kind === "empty") ctx.addIssue({ code: "custom", message: messages.dateRequired });
    else if (parsed.kind === "format") ctx.addIssue({ code: "custom", message: messages.dateFormat });
    else if (parsed.kind === "invalid") ctx.addIssue({ code: "custom", message: messages.dateInvalid });
    else return parsed.iso;
    return z.NEVER;
  });
}

const source = trimmedText().transform((text, ctx) => {
  if (text === "") ctx.addIssue({ code: "custom", message: recoveryMessages.sourceRequired });
  else if (!(RECOVERY_SOURCES as string[]).includes(text)) ctx.addIssue({ code: "custom", message: recoveryMessages.sourceUnknown });
  else return text as RecoverySource;
  return z.NEVER;
});

/** The lawyer's form: date, amount in euros (integer cents out), source, related payments, note. */
export const recoverySchema = z.preprocess(
  (values) => {
    if (typeof values !== "object" || values === null) return values;
    const record = values as Record<string, unknown>;
    const checked = Object.keys(record).filter((key) => key.startsWith(PAYMENT_FIELD_PREFIX) && record[key]);
    return { ...record, paymentIds: Array.isArray(record.paymentIds) ? record.paymentIds : checked.map((key) => key.slice(PAYMENT_FIELD_PREFIX.length)) };
  },
  z.object({
    recoveredOn: isoDay(recoveryMessages),
    amount: euroCents(recoveryMessages),
    source,
    paymentIds: z.array(z.string()).max(200, recoveryMessages.paymentUnknown),
    note: trimmedText().refine((value) => value.length <= RECOVERY_NOTE_MAX, recoveryMessages.noteTooLong),
  }),
);
export type RecoveryInput = z.output<typeof recoverySchema>;

export const reversalSchema = z.object({
  recoveryId: trimmedText(),
  reason: trimmedText()
    .refine((value) => value.length > 0, recoveryMessages.reasonRequired)
    .refine((value) => value.length <= REVERSAL_REASON_MAX, recoveryMessages.reasonTooLong),
});
export type ReversalInput = z.output<typeof reversalSchema>;

// ---------------------------------------------------------------------------------------------------------------
// Costs the client approves, and sums the client paid the lawyer

export const COST_LABEL_MAX = 200;

/** The messages every money entry's form shares with the recoveries'. */
const SHARED_ENTRY_MESSAGES = {
  labelTooLong: `Le libellé ne peut pas dépasser ${COST_LABEL_MAX} caractères.`,
  dateFormat: recoveryMessages.dateFormat,
  dateInvalid: recoveryMessages.dateInvalid,
  amountInvalid: recoveryMessages.amountInvalid,
  amountTooLarge: recoveryMessages.amountTooLarge,
  noteTooLong: recoveryMessages.noteTooLong,
} as const;

/** A required one-line label (what a cost is, what a payment paid) and an optional note. */
const entryLabel = (messages: { labelRequired: string; labelTooLong: string }) =>
  trimmedText()
    .refine((value) => value.length > 0, messages.labelRequired)
    .refine((value) => value.length <= COST_LABEL_MAX, messages.labelTooLong);
const entryNote = trimmedText().refine((value) => value.length <= RECOVERY_NOTE_MAX, recoveryMessages.noteTooLong);

export const costMessages = {
  ...SHARED_ENTRY_MESSAGES,
  labelRequired: "Indiquez la nature du frais ou du débours, par exemple «\u202fFrais d'huissier\u202f»",
  dateRequired: "Indiquez la date du frais ou du débours",
  dateInFuture: "La date du frais ne peut pas être dans le futur",
  dateBeforeCase: (day: string) => `La date du frais ne peut pas être antérieure à la création du dossier (${day})`,
  amountRequired: "Indiquez le montant hors taxes",
  amountNotPositive: "Le montant doit être supérieur à zéro",
  noActiveAgreement: "Aucune convention d'honoraires n'est en vigueur pour ce dossier\u202f: un frais ne peut être proposé qu'après son entrée en vigueur.",
  costUnknown: "Ce frais n'existe pas dans ce dossier. Rechargez la page.",
  decisionUnknown: "Choisissez d'approuver ou de refuser ce frais.",
  alreadyDecided: "Ce frais a déjà reçu une réponse\u202f: une décision ne se change pas. Écrivez à votre avocat dans la messagerie du dossier.",
  withdrawDecided: "Ce frais a déjà reçu une réponse du client (ou a été retiré)\u202f: il ne peut plus être retiré.",
} as const;

/**
 * The lawyer's proposal: what the cost is, when it was incurred, its amount HT in euros (integer cents out), a note.
 * The field names differ from the other forms of the case page: they give the controls their ids.
 */
export const costSchema = z.object({
  costLabel: entryLabel(costMessages),
  incurredOn: isoDay(costMessages),
  costAmount: euroCents(costMessages),
  costNote: entryNote,
});
export type CostInput = z.output<typeof costSchema>;

export type CostDecision = "approved" | "declined";
export const COST_DECISION_LABELS: Record<CostDecision | "withdrawn" | "pending", string> = {
  pending: "En attente de votre accord",
  approved: "Approuvé",
  declined: "Refusé",
  withdrawn: "Retiré par l'avocat",
};

/** The client's answer (approve / decline), or the lawyer's withdrawal: the cost's id. */
export const costDecisionSchema = z.object({
  costId: trimmedText(),
  decision: trimmedText().transform((text, ctx) => {
    if (text === "approve") return "approved" as const;
    if (text === "decline") return "declined" as const;
    ctx.addIssue({ code: "custom", message: costMessages.decisionUnknown });
    return z.NEVER;
  }),
});
export const costWithdrawalSchema = z.object({ costId: trimmedText() });

export const feePaymentMessages = {
  ...SHARED_ENTRY_MESSAGES,
  labelRequired: "Indiquez ce que ce paiement a réglé, par exemple «\u202fHonoraire de diligence\u202f»",
  dateRequired: "Indiquez la date à laquelle le paiement a été reçu",
  dateInFuture: "La date du paiement ne peut pas être dans le futur",
  dateBeforeCase: (day: string) => `La date du paiement ne peut pas être antérieure à la création du dossier (${day})`,
  amountRequired: "Indiquez le montant reçu, toutes taxes comprises",
  amountNotPositive: "Le montant reçu doit être supérieur à zéro",
  noActiveAgreement: "Aucune convention d'honoraires n'est en vigueur pour ce dossier\u202f: un paiement ne peut être enregistré qu'après son entrée en vigueur.",
  reasonRequired: recoveryMessages.reasonRequired,
  reasonTooLong: recoveryMessages.reasonTooLong,
  reversalOfReversal: "Une contre-passation ne peut pas être contre-passée. Enregistrez plutôt un nouveau paiement.",
  alreadyReversed: recoveryMessages.alreadyReversed,
  entryUnknown: recoveryMessages.entryUnknown,
} as const;

/** The lawyer records a sum the client paid them: date, amount TTC in euros (integer cents out), what it paid, a note. */
export const feePaymentSchema = z.object({
  receivedOn: isoDay(feePaymentMessages),
  paidAmount: euroCents(feePaymentMessages),
  paidFor: entryLabel(feePaymentMessages),
  paidNote: entryNote,
});
export type FeePaymentInput = z.output<typeof feePaymentSchema>;

export const feePaymentReversalSchema = z.object({
  paymentId: trimmedText(),
  reason: reversalSchema.shape.reason,
});
