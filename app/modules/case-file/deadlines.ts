/**
 * The legal deadlines of a case, computed from its payments and facts (issue 15). Pure and browser-safe: dates are
 * "yyyy-MM-dd" strings, "today" is given by the caller (the Paris calendar day on the server).
 */
import type { PaymentMethod } from "~/platform/database-schema";
import { parisIsoDay } from "~/lib/format";
import { illegalContentReporting, officialScamReporting } from "~/content/site";

/** Card payments and transfers can be contested with the bank (L133-24); other methods have no such right. */
export const BANK_CONTESTABLE_METHODS: readonly PaymentMethod[] = ["bank_transfer", "credit_card"];
export const BANK_CONTESTATION_MONTHS = 13;
export const COMPLAINT_LIMITATION_YEARS = 6;
/** Reminder emails, days before a bank deadline. */
export const BANK_REMINDER_DAYS = [30, 7] as const;

export const DEADLINE_RULES = {
  bank: {
    title: "Contester le paiement auprès de votre banque",
    rule: "Code monétaire et financier, art. L133-24\u202f: 13 mois après la date de débit pour un paiement par carte ou un virement non autorisé.",
  },
  complaint: {
    title: "Porter plainte",
    rule: "Code de procédure pénale, art. 8\u202f: l'action publique des délits (dont l'escroquerie) se prescrit par 6 ans à compter des faits\u202f; pour une escroquerie, à compter de la dernière remise de fonds.",
  },
} as const;

export interface AsapAction {
  key: "block-card" | "pharos" | "17cyber" | "thesee";
  title: string;
  rule: string;
  href: string | null;
}

const ASAP: Record<AsapAction["key"], AsapAction> = {
  "block-card": {
    key: "block-card",
    title: "Faire opposition sur votre carte bancaire",
    rule: "Dès que possible\u202f: appelez votre banque ou le serveur interbancaire d'opposition au 0 892 705 705, 7 jours sur 7 (Code monétaire et financier, art. L133-17).",
    href: null,
  },
  pharos: {
    key: "pharos",
    title: "Signaler le site ou le contenu sur PHAROS",
    rule: "Dès que possible\u202f: la plateforme du ministère de l'Intérieur pour signaler un contenu illicite en ligne.",
    href: illegalContentReporting.href,
  },
  "17cyber": {
    key: "17cyber",
    title: "Obtenir de l'aide sur 17Cyber",
    rule: "Dès que possible\u202f: le guichet d'aide aux victimes de cybermalveillance (police, gendarmerie, Cybermalveillance.gouv.fr).",
    href: "https://www.17cyber.gouv.fr",
  },
  thesee: {
    key: "thesee",
    title: "Porter plainte en ligne avec THESEE",
    rule: "Dès que possible\u202f: la plainte en ligne pour les escroqueries sur internet (victimes résidant en France).",
    href: officialScamReporting.href,
  },
};

export interface DeadlineInput {
  payments: readonly { id: string; paidOn: string; method: PaymentMethod }[];
  firstContactDate: string | null;
  filedComplaint: boolean;
  /** The client's country: THESEE is for victims residing in France. */
  clientCountry: string | null;
  today: string;
}

export interface BankDeadline {
  paymentId: string;
  paidOn: string;
  method: PaymentMethod;
  deadline: string;
  daysLeft: number;
}

export interface Deadlines {
  bank: BankDeadline[];
  complaint: { from: string; deadline: string; daysLeft: number; filed: boolean } | null;
  asap: AsapAction[];
}

function parts(iso: string): [number, number, number] {
  return [Number(iso.slice(0, 4)), Number(iso.slice(5, 7)), Number(iso.slice(8, 10))];
}

function iso(year: number, month: number, day: number): string {
  return `${String(year).padStart(4, "0")}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

/** Calendar months later, the day clamped to the month's end (31 January + 1 month = 28 or 29 February). */
export function addMonths(date: string, months: number): string {
  const [year, month, day] = parts(date);
  const index = year * 12 + (month - 1) + months;
  const targetYear = Math.floor(index / 12);
  const targetMonth = (index % 12) + 1;
  const lastDay = new Date(Date.UTC(targetYear, targetMonth, 0)).getUTCDate();
  return iso(targetYear, targetMonth, Math.min(day, lastDay));
}

export function addDays(date: string, days: number): string {
  const [year, month, day] = parts(date);
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

/** Whole days from `from` to `to` (negative once passed). */
export function daysBetween(from: string, to: string): number {
  const [y1, m1, d1] = parts(from);
  const [y2, m2, d2] = parts(to);
  return Math.round((Date.UTC(y2, m2 - 1, d2) - Date.UTC(y1, m1 - 1, d1)) / 86_400_000);
}

export function bankDeadlineOf(paidOn: string): string {
  return addMonths(paidOn, BANK_CONTESTATION_MONTHS);
}

/** "yyyy-MM-dd" of today in Paris. */
export function parisToday(now: Date = new Date()): string {
  return parisIsoDay(now);
}

export function computeDeadlines(input: DeadlineInput): Deadlines {
  const bank = input.payments
    .filter((payment) => BANK_CONTESTABLE_METHODS.includes(payment.method))
    .map((payment) => {
      const deadline = bankDeadlineOf(payment.paidOn);
      return { paymentId: payment.id, paidOn: payment.paidOn, method: payment.method, deadline, daysLeft: daysBetween(input.today, deadline) };
    })
    .sort((a, b) => (a.deadline < b.deadline ? -1 : a.deadline > b.deadline ? 1 : 0));
  // Escroquerie: the limitation runs from the last payment (the last "remise"), else from the first contact.
  const lastPayment = input.payments.reduce<string | null>((latest, payment) => (!latest || payment.paidOn > latest ? payment.paidOn : latest), null);
  const from = lastPayment ?? input.firstContactDate;
  const complaint = from
    ? (() => {
        const deadline = addMonths(from, COMPLAINT_LIMITATION_YEARS * 12);
        return { from, deadline, daysLeft: daysBetween(input.today, deadline), filed: input.filedComplaint };
      })()
    : null;
  const asap: AsapAction[] = [];
  if (input.payments.some((payment) => payment.method === "credit_card")) asap.push(ASAP["block-card"]);
  asap.push(ASAP.pharos, ASAP["17cyber"]);
  if (!input.filedComplaint && (input.clientCountry === null || input.clientCountry === "france")) asap.push(ASAP.thesee);
  return { bank, complaint, asap };
}

/** "Plus que 123 jours", "Dernier jour aujourd'hui", "Dépassé depuis 5 jours". */
export function countdownText(daysLeft: number): string {
  if (daysLeft > 1) return `Plus que ${daysLeft.toLocaleString("fr-FR")} jours`;
  if (daysLeft === 1) return "Plus qu'un jour";
  if (daysLeft === 0) return "Dernier jour aujourd'hui";
  const late = -daysLeft;
  return late === 1 ? "Dépassé depuis 1 jour" : `Dépassé depuis ${late.toLocaleString("fr-FR")} jours`;
}
