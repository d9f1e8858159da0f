/** The payment and identifier forms' schemas, shared by the browser and the actions, with their French messages. */
import { z } from "zod";
import { trimmedText } from "~/lib/form";
import { EARLIEST_DATE, latestDayAnywhere, parseFrenchDate, todayIsoDate } from "~/lib/dates";
import { PAYMENT_METHODS, parseEuroAmount } from "~/modules/cases/cases.schema";
import type { BeneficiaryKind, IdentifierKind, PaymentCurrency, PaymentMethod, WalletNetwork } from "~/platform/database-schema";
import {
  normalizeDomain,
  normalizeEmail,
  normalizeIban,
  normalizeLoose,
  normalizePhone,
  normalizeWallet,
} from "./beneficiary-checks";
import { BENEFICIARY_KINDS, CURRENCIES, TYPED_IDENTIFIER_KINDS, WALLET_NETWORK_LABELS, WALLET_NETWORKS } from "./case-file-format";

export const BENEFICIARY_MAX = 200;
export const PAYER_BANK_MAX = 200;
export const PAYMENT_NOTE_MAX = 500;
export const IDENTIFIER_MAX = 300;
export const IDENTIFIER_NOTE_MAX = 300;

const tooLong = (max: number) => `Ce champ ne peut pas dépasser ${max} caractères.`;

export const caseFileMessages = {
  paidOnRequired: "Indiquez la date du paiement",
  dateFormat: "Format de date invalide\u202f: utilisez JJ-MM-AAAA, par exemple 14-03-2025",
  dateInvalid: "Date invalide",
  dateTooEarly: "La date du paiement ne peut pas être antérieure au 01/01/1900",
  dateInFuture: "La date du paiement ne peut pas être dans le futur",
  amountRequired: "Indiquez le montant du paiement",
  amountInvalid: "Saisissez un montant, par exemple 1 234,56",
  amountNotPositive: "Le montant doit être supérieur à zéro",
  amountTooLarge: "Ce montant est trop élevé. Vérifiez le nombre de chiffres.",
  currencyUnknown: "Choisissez la devise dans la liste\u202f: euro, franc suisse ou dollar canadien.",
  methodRequired: "Choisissez le moyen de paiement",
  methodUnknown: "Ce moyen de paiement n'existe pas. Choisissez dans la liste.",
  beneficiaryKindRequired: "Indiquez à qui l'argent a été envoyé (IBAN, portefeuille crypto, commerçant ou autre)",
  beneficiaryRequired: "Indiquez le bénéficiaire du paiement",
  ibanInvalid: "Cet IBAN n'est pas valide\u202f: la clé de contrôle ne correspond pas. Vérifiez chaque caractère.",
  walletNetworkRequired: "Choisissez le réseau de l'adresse\u202f: Bitcoin, Ethereum / ERC-20 ou Tron / TRC-20",
  walletInvalid: (network: WalletNetwork) =>
    `Cette adresse n'est pas une adresse ${WALLET_NETWORK_LABELS[network]} valide. Vérifiez-la caractère par caractère, ou choisissez un autre réseau.`,
  tooLong,
  controlCharacter: "Ce champ contient un caractère non autorisé.",
  identifierKindRequired: "Choisissez le type d'identifiant",
  identifierRequired: "Indiquez l'identifiant",
  phoneInvalid: "Ce numéro de téléphone n'est pas valide. Indiquez-le avec l'indicatif, par exemple +33 6 12 34 56 78.",
  emailInvalid: "Cette adresse e-mail n'est pas valide, par exemple escroc@exemple.com",
  websiteInvalid: "Cette adresse de site n'est pas valide, par exemple www.faux-placement.com",
  identifierDuplicate: "Cet identifiant figure déjà dans le dossier.",
  readOnly: "Ce dossier ne peut plus être modifié\u202f: les paiements et identifiants sont figés.",
  paymentUnknown: "Ce paiement n'existe pas ou a déjà été supprimé.",
  identifierUnknown: "Cet identifiant n'existe pas ou a déjà été supprimé.",
  identifierFromPayment: "Cet identifiant vient d'un paiement\u202f: modifiez ou supprimez le paiement.",
  paymentAdded: "Paiement ajouté",
  paymentUpdated: "Paiement modifié",
  paymentDeleted: "Paiement supprimé",
  identifierAdded: "Identifiant ajouté",
  identifierDeleted: "Identifiant supprimé",
} as const;

const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

function optionalText(max: number) {
  return trimmedText()
    .refine((value) => value.length <= max, tooLong(max))
    .refine((value) => !CONTROL.test(value), caseFileMessages.controlCharacter)
    .transform((value) => (value === "" ? null : value));
}

function choice<const Values extends readonly string[]>(values: Values, required: string, unknown: string) {
  return trimmedText().transform((text, ctx) => {
    if (text === "") ctx.addIssue({ code: "custom", message: required });
    else if (!(values as readonly string[]).includes(text)) ctx.addIssue({ code: "custom", message: unknown });
    else return text as Values[number];
    return z.NEVER;
  });
}

/** The latest allowed payment day: the person's own today in the browser, any zone's today on the server. */
function latestPaymentDate(): string {
  return typeof window === "undefined" ? latestDayAnywhere() : todayIsoDate();
}

const paidOn = trimmedText().transform((text, ctx) => {
  const iso = /^\d{4}-\d{2}-\d{2}$/.test(text) ? `${text.slice(8, 10)}-${text.slice(5, 7)}-${text.slice(0, 4)}` : text;
  const parsed = parseFrenchDate(iso);
  if (parsed.kind === "empty") ctx.addIssue({ code: "custom", message: caseFileMessages.paidOnRequired });
  else if (parsed.kind === "format") ctx.addIssue({ code: "custom", message: caseFileMessages.dateFormat });
  else if (parsed.kind === "invalid") ctx.addIssue({ code: "custom", message: caseFileMessages.dateInvalid });
  else if (parsed.iso < EARLIEST_DATE) ctx.addIssue({ code: "custom", message: caseFileMessages.dateTooEarly });
  else if (parsed.iso > latestPaymentDate()) ctx.addIssue({ code: "custom", message: caseFileMessages.dateInFuture });
  else return parsed.iso;
  return z.NEVER;
});

const amount = trimmedText().transform((text, ctx) => {
  if (text.length > 40) {
    ctx.addIssue({ code: "custom", message: caseFileMessages.amountInvalid });
    return z.NEVER;
  }
  const parsed = parseEuroAmount(text.replace(/(CHF|CAD|\$)/gi, ""));
  if (parsed.kind === "empty") ctx.addIssue({ code: "custom", message: caseFileMessages.amountRequired });
  else if (parsed.kind === "negative") ctx.addIssue({ code: "custom", message: caseFileMessages.amountNotPositive });
  else if (parsed.kind === "too-large") ctx.addIssue({ code: "custom", message: caseFileMessages.amountTooLarge });
  else if (parsed.kind !== "ok") ctx.addIssue({ code: "custom", message: caseFileMessages.amountInvalid });
  else if (!/[1-9]/.test(parsed.value)) ctx.addIssue({ code: "custom", message: caseFileMessages.amountNotPositive });
  else return parsed.value;
  return z.NEVER;
});

const currency = trimmedText().transform((value, ctx) => {
  const text = value || "EUR";
  if ((CURRENCIES as readonly string[]).includes(text)) return text as PaymentCurrency;
  ctx.addIssue({ code: "custom", message: caseFileMessages.currencyUnknown });
  return z.NEVER;
});

/** The payment form: "JJ-MM-AAAA" date, French amount, currency, method, the beneficiary by kind. */
export const paymentSchema = z
  .object({
    paid_on: paidOn,
    amount,
    currency,
    method: choice(PAYMENT_METHODS, caseFileMessages.methodRequired, caseFileMessages.methodUnknown),
    beneficiary_kind: choice(BENEFICIARY_KINDS, caseFileMessages.beneficiaryKindRequired, caseFileMessages.beneficiaryKindRequired),
    beneficiary: trimmedText()
      .refine((value) => value.length <= BENEFICIARY_MAX, tooLong(BENEFICIARY_MAX))
      .refine((value) => !CONTROL.test(value), caseFileMessages.controlCharacter),
    wallet_network: trimmedText(),
    payer_bank: optionalText(PAYER_BANK_MAX),
    note: optionalText(PAYMENT_NOTE_MAX),
  })
  .transform((input, ctx) => {
    const kind = input.beneficiary_kind as BeneficiaryKind;
    let beneficiary = input.beneficiary;
    let network: WalletNetwork | null = null;
    if (beneficiary === "") {
      ctx.addIssue({ code: "custom", path: ["beneficiary"], message: caseFileMessages.beneficiaryRequired });
      return z.NEVER;
    }
    if (kind === "iban") {
      const iban = normalizeIban(beneficiary);
      if (!iban) {
        ctx.addIssue({ code: "custom", path: ["beneficiary"], message: caseFileMessages.ibanInvalid });
        return z.NEVER;
      }
      beneficiary = iban;
    } else if (kind === "wallet") {
      if (!(WALLET_NETWORKS as readonly string[]).includes(input.wallet_network)) {
        ctx.addIssue({ code: "custom", path: ["wallet_network"], message: caseFileMessages.walletNetworkRequired });
        return z.NEVER;
      }
      network = input.wallet_network as WalletNetwork;
      const address = normalizeWallet(network, beneficiary);
      if (!address) {
        ctx.addIssue({ code: "custom", path: ["beneficiary"], message: caseFileMessages.walletInvalid(network) });
        return z.NEVER;
      }
      beneficiary = address;
    }
    return {
      paidOn: input.paid_on,
      amount: input.amount,
      currency: input.currency,
      method: input.method as PaymentMethod,
      beneficiaryKind: kind,
      beneficiary,
      walletNetwork: network,
      payerBank: input.payer_bank,
      note: input.note,
    };
  });
export type PaymentInput = z.output<typeof paymentSchema>;


/** The identifier form: its kind, the value as typed, and the matching key computed from it. */
export const identifierSchema = z
  .object({
    kind: choice(TYPED_IDENTIFIER_KINDS, caseFileMessages.identifierKindRequired, caseFileMessages.identifierKindRequired),
    value: trimmedText()
      .refine((value) => value.length > 0, caseFileMessages.identifierRequired)
      .refine((value) => value.length <= IDENTIFIER_MAX, tooLong(IDENTIFIER_MAX))
      .refine((value) => !CONTROL.test(value), caseFileMessages.controlCharacter),
    note: optionalText(IDENTIFIER_NOTE_MAX),
  })
  .transform((input, ctx) => {
    const kind = input.kind as IdentifierKind;
    let normalized: string | null;
    let value = input.value.replace(/\s+/g, " ");
    if (kind === "phone") {
      normalized = normalizePhone(value);
      if (!normalized) ctx.addIssue({ code: "custom", path: ["value"], message: caseFileMessages.phoneInvalid });
    } else if (kind === "email") {
      normalized = normalizeEmail(value);
      if (!normalized) ctx.addIssue({ code: "custom", path: ["value"], message: caseFileMessages.emailInvalid });
      else value = normalized;
    } else if (kind === "website") {
      normalized = normalizeDomain(value);
      if (!normalized) ctx.addIssue({ code: "custom", path: ["value"], message: caseFileMessages.websiteInvalid });
    } else {
      normalized = normalizeLoose(value);
    }
    if (!normalized) return z.NEVER;
    return { kind, value, normalized, note: input.note };
  });
export type IdentifierInput = z.output<typeof identifierSchema>;

/** The form's fields when a payment is shown for editing. */
export interface PaymentFormValues {
  paid_on: string;
  amount: string;
  currency: string;
  method: string;
  beneficiary_kind: string;
  beneficiary: string;
  wallet_network: string;
  payer_bank: string;
  note: string;
}

export const EMPTY_PAYMENT_FORM: PaymentFormValues = {
  paid_on: "",
  amount: "",
  currency: "EUR",
  method: "",
  beneficiary_kind: "",
  beneficiary: "",
  wallet_network: "",
  payer_bank: "",
  note: "",
};
