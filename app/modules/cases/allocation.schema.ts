import { z } from "zod";

/** The window of the 'actual share' shown beside each target. */
export const SHARE_WINDOW_DAYS = 30;

/** Lawyers per page of the allocation form. */
export const ALLOCATION_PAGE_SIZE = 50;

/** The allocation page's address: a search on name or email, and a page number. */
export const allocationQuerySchema = z.object({
  q: z.string().trim().max(100).catch(""),
  page: z.coerce.number().int().min(1).max(10_000).catch(1),
});
export type AllocationQuery = z.output<typeof allocationQuerySchema>;

export const allocationMessages = {
  sumTooHigh: "La somme des pourcentages ne peut pas dépasser 100%",
  range: "Le pourcentage doit être un nombre entier entre 0 et 100.",
  unknownLawyer: "Un des avocats de ce formulaire n'existe plus. Rechargez la page.",
  saved: "Allocations sauvegardées avec succès",
  saveFailed: "Erreur lors de la sauvegarde",
  loadFailed: "Erreur lors du chargement des allocations",
  empty: "Aucune ligne à enregistrer.",
  barMissing: "Renseignez d'abord le barreau et le numéro d'inscription de cet avocat (page Avocats)\u202f: sans eux, sa part reste à 0\u202f%.",
  barMissingForm: "Un avocat sans barreau ni numéro d'inscription ne peut pas recevoir de dossiers\u202f: sa part doit rester à 0\u202f%.",
} as const;

/** Field names of the allocation form: one pair per lawyer. */
export const percentageField = (lawyerId: string) => `pourcentage:${lawyerId}`;
export const activeField = (lawyerId: string) => `actif:${lawyerId}`;
/** Hidden marker listing the lawyer on the form (an unticked checkbox is not posted). */
export const rowField = (lawyerId: string) => `avocat:${lawyerId}`;

export interface AllocationRowInput {
  lawyerId: string;
  /** Absent when the input was disabled (inactive lawyer): the stored value stays. */
  percentage?: number;
  active: boolean;
}

export type AllocationFormResult =
  | { ok: true; rows: AllocationRowInput[] }
  | { ok: false; fieldErrors: Record<string, string> };

const LAWYER_ID = /^[A-Za-z0-9_-]{1,100}$/;

/**
 * Reads the posted allocation form. An empty percentage is 0 (spec: non-numeric becomes 0 in the input); anything
 * else must be a whole number from 0 to 100, or the field gets the range message.
 */
export function parseAllocationForm(values: Record<string, string>): AllocationFormResult {
  const rows: AllocationRowInput[] = [];
  const fieldErrors: Record<string, string> = {};
  for (const key of Object.keys(values)) {
    if (!key.startsWith("avocat:")) continue;
    const lawyerId = key.slice("avocat:".length);
    if (!LAWYER_ID.test(lawyerId)) {
      fieldErrors.form = allocationMessages.unknownLawyer;
      continue;
    }
    const raw = values[percentageField(lawyerId)];
    let percentage: number | undefined;
    if (raw !== undefined) {
      const trimmed = raw.trim();
      if (trimmed === "") percentage = 0;
      else if (/^\d{1,3}$/.test(trimmed) && Number(trimmed) <= 100) percentage = Number(trimmed);
      else fieldErrors[percentageField(lawyerId)] = allocationMessages.range;
    }
    const active = values[activeField(lawyerId)] === "on" || values[activeField(lawyerId)] === "true";
    rows.push({ lawyerId, ...(percentage === undefined ? {} : { percentage }), active });
  }
  if (rows.length === 0 && !fieldErrors.form) fieldErrors.form = allocationMessages.empty;
  if (rows.length > 500) fieldErrors.form = allocationMessages.unknownLawyer;
  return Object.keys(fieldErrors).length > 0 ? { ok: false, fieldErrors } : { ok: true, rows };
}

/** The sum that must stay at or under 100: active lawyers only. */
export function activeTotal(rows: readonly { percentage: number; active: boolean }[]): number {
  return rows.reduce((sum, row) => sum + (row.active ? row.percentage : 0), 0);
}

/** The lawyers page opened on this lawyer's level and bar forms. */
export function lawyerEditHref(lawyer: { lawyerId: string; email: string }): string {
  return `/admin/lawyers?${new URLSearchParams({ q: lawyer.email, edit: lawyer.lawyerId })}`;
}
