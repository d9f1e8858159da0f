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
