import { sql } from "kysely";
import { db } from "~/platform/runtime.server";

/**
 * An active fee agreement on a case, inserted directly (the signing journey is tested in the agreements' tests): the
 * recoveries ledger needs one for each entry.
 */
export async function insertActiveAgreement(caseId: string, lawyerId: string | null, clientId: string | null): Promise<string> {
  const template = await sql<{ id: string }>`
    INSERT INTO fee_agreement_templates (version, title, sections, base_fee_min_cents, base_fee_max_cents, base_fee_due,
                                         result_percent_min_bp, result_percent_max_bp)
    SELECT coalesce(max(version), 0) + 1, 'Convention de test', '[{"kind": "scope", "title": "Objet", "body": "Test"}]'::jsonb,
           0, 100000, 'signature', 0, 2000
    FROM fee_agreement_templates
    RETURNING id`.execute(db());
  const agreement = await sql<{ id: string }>`
    INSERT INTO fee_agreements (case_id, revision, template_id, lawyer_id, client_id, state, base_fee_cents, base_fee_due,
                                result_percent_bp, vat_rate_bp, document_sha256, client_signed_at, lawyer_signed_at, activated_at)
    VALUES (${caseId}, 1, ${template.rows[0]!.id}, ${lawyerId}, ${clientId}, 'active', 50000, 'signature', 1500, 2000,
            ${"a".repeat(64)}, now(), now(), now())
    RETURNING id`.execute(db());
  return agreement.rows[0]!.id;
}

/** A sum recovered on a case (a positive ledger entry), on a date. */
export async function insertRecovery(caseId: string, agreementId: string, amountCents: number, recoveredOn: string): Promise<string> {
  const row = await sql<{ id: string }>`
    INSERT INTO case_recoveries (case_id, agreement_id, recovered_on, amount_cents, source, recorded_by)
    VALUES (${caseId}, ${agreementId}, ${recoveredOn}::date, ${amountCents}, 'rappel-de-fonds', 'test')
    RETURNING id`.execute(db());
  return row.rows[0]!.id;
}

/** The reversal of a ledger entry (exactly its opposite, with a reason). */
export async function insertReversal(caseId: string, agreementId: string, reversesId: string, amountCents: number, recoveredOn: string): Promise<void> {
  await sql`
    INSERT INTO case_recoveries (case_id, agreement_id, recovered_on, amount_cents, source, recorded_by, reverses_id, reason)
    VALUES (${caseId}, ${agreementId}, ${recoveredOn}::date, ${-amountCents}, 'rappel-de-fonds', 'test', ${reversesId}, 'Erreur de saisie')`.execute(db());
}

/** One closed case for the published results: its outcome, its ledger (a null date: reversed the next day). */
export interface ClosedCaseSeed {
  scamType: string;
  outcome: "recovered_in_full" | "recovered_in_part" | "nothing_recovered" | "withdrawn_by_client" | "not_pursued";
  /** Days before now the case was submitted, and closed. */
  submittedDaysAgo: number;
  closedDaysAgo: number;
  /** Sums recovered: days after the submission, cents, and whether a reversal cancelled it. */
  ledger?: Array<{ afterDays: number; cents: number; reversed?: boolean }>;
}

const DAY = 86_400_000;

/** A day as YYYY-MM-DD, `days` after an instant (UTC: the instants used are at 10:00 UTC, the same day in Paris). */
export function isoDayAfter(instant: Date, days: number): string {
  return new Date(instant.getTime() + days * DAY).toISOString().slice(0, 10);
}

/** The noon-ish instant `days` ago (10:00 UTC), so that its Paris day is its UTC day. */
export function daysAgo(now: Date, days: number): Date {
  const at = new Date(now.getTime() - days * DAY);
  at.setUTCHours(10, 0, 0, 0);
  return at;
}

/** Inserts a closed case with its outcome and ledger directly (the lawyer's journey is tested in case-outcomes.test.ts). */
export async function insertClosedCase(clientId: string, lawyerId: string, seed: ClosedCaseSeed, now: Date): Promise<string> {
  const submittedAt = daysAgo(now, seed.submittedDaysAgo);
  const created = await db()
    .insertInto("cases")
    .values({
      user_id: clientId,
      status: "submitted",
      scam_type: seed.scamType,
      total_amount_lost: "10000",
      submitted_at: submittedAt,
      assigned_lawyer_id: lawyerId,
      assigned_at: submittedAt,
      payment_methods: ["bank_transfer"],
      evidence_types: [],
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  let total = 0;
  if (seed.ledger?.length) {
    const agreementId = await insertActiveAgreement(created.id, lawyerId, clientId);
    for (const entry of seed.ledger) {
      const on = isoDayAfter(submittedAt, entry.afterDays);
      const id = await insertRecovery(created.id, agreementId, entry.cents, on);
      if (entry.reversed) await insertReversal(created.id, agreementId, id, entry.cents, isoDayAfter(submittedAt, entry.afterDays + 1));
      else total += entry.cents;
    }
  }
  await db()
    .updateTable("cases")
    .set({
      status: "closed",
      outcome: seed.outcome,
      outcome_reason: seed.outcome === "not_pursued" ? "Le bénéficiaire est introuvable." : null,
      outcome_recovered_cents: total,
      outcome_at: daysAgo(now, seed.closedDaysAgo),
    })
    .where("id", "=", created.id)
    .execute();
  return created.id;
}

/** Ten closed cases of the period: 5 with sums recovered (one entry reversed), 6 investment scams. */
export const TEN_CLOSED_CASES: ClosedCaseSeed[] = [
  { scamType: "investment_scam", outcome: "recovered_in_full", submittedDaysAgo: 300, closedDaysAgo: 100, ledger: [{ afterDays: 40, cents: 500_000 }] },
  { scamType: "investment_scam", outcome: "recovered_in_part", submittedDaysAgo: 250, closedDaysAgo: 90, ledger: [{ afterDays: 61, cents: 120_000 }, { afterDays: 90, cents: 30_000 }] },
  {
    scamType: "investment_scam",
    outcome: "recovered_in_part",
    submittedDaysAgo: 200,
    closedDaysAgo: 20,
    ledger: [{ afterDays: 10, cents: 80_000, reversed: true }, { afterDays: 75, cents: 45_050 }],
  },
  { scamType: "investment_scam", outcome: "nothing_recovered", submittedDaysAgo: 180, closedDaysAgo: 30 },
  { scamType: "romance_scam", outcome: "nothing_recovered", submittedDaysAgo: 170, closedDaysAgo: 40 },
  { scamType: "romance_scam", outcome: "withdrawn_by_client", submittedDaysAgo: 160, closedDaysAgo: 50 },
  { scamType: "romance_scam", outcome: "not_pursued", submittedDaysAgo: 150, closedDaysAgo: 60 },
  { scamType: "investment_scam", outcome: "recovered_in_part", submittedDaysAgo: 140, closedDaysAgo: 10, ledger: [{ afterDays: 100, cents: 10_000 }] },
  { scamType: "phishing", outcome: "recovered_in_full", submittedDaysAgo: 130, closedDaysAgo: 5, ledger: [{ afterDays: 20, cents: 250_000 }] },
  { scamType: "investment_scam", outcome: "nothing_recovered", submittedDaysAgo: 120, closedDaysAgo: 2 },
];

/** Cases that must not count: closed 13 months ago. */
export const OUT_OF_PERIOD: ClosedCaseSeed = {
  scamType: "investment_scam",
  outcome: "recovered_in_full",
  submittedDaysAgo: 600,
  closedDaysAgo: 400,
  ledger: [{ afterDays: 3, cents: 9_999_900 }],
};

function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** The figures recomputed from the seeds alone, without SQL (what /resultats must show). */
export function recomputedResults(seeds: ClosedCaseSeed[]) {
  const totals = seeds.map((seed) => (seed.ledger ?? []).filter((entry) => !entry.reversed).reduce((sum, entry) => sum + entry.cents, 0));
  const recovered = totals.filter((total) => total > 0);
  const firstDays = seeds
    .map((seed) => (seed.ledger ?? []).filter((entry) => !entry.reversed).map((entry) => entry.afterDays))
    .filter((days) => days.length > 0)
    .map((days) => Math.min(...days));
  const byType = new Map<string, { closed: number; withRecovery: number }>();
  seeds.forEach((seed, index) => {
    const type = byType.get(seed.scamType) ?? { closed: 0, withRecovery: 0 };
    type.closed += 1;
    if (totals[index]! > 0) type.withRecovery += 1;
    byType.set(seed.scamType, type);
  });
  return {
    closed: seeds.length,
    withRecovery: recovered.length,
    share: recovered.length / seeds.length,
    totalCents: totals.reduce((sum, total) => sum + total, 0),
    medianCents: median(recovered),
    medianDays: median(firstDays),
    timed: firstDays.length,
    byType,
  };
}
