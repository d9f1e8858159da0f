import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import { parisIsoDay } from "~/lib/format";
import { currentTemplate } from "~/modules/agreements/templates.server";
import { saveInvoicingProfile } from "~/modules/invoicing/invoicing.server";
import { invoicingProfileSchema } from "~/modules/invoicing/invoicing.schema";
import type { UserActor } from "~/platform/actor";
import { db } from "~/platform/runtime.server";
import { insertSubmittedCase } from "./cases";

/** A valid SIREN (Luhn) and the matching French VAT number. */
export const SIREN = "732829320";
export const VAT_NUMBER = "FR44732829320";

/** The lawyer's invoicing profile, filled and the mandate accepted, through the use case. */
export async function giveInvoicingProfile(lawyer: UserActor, values: Record<string, string> = {}): Promise<void> {
  const input = invoicingProfileSchema.parse({
    firmName: "Cabinet Avocate & Associés",
    address: "3 cours de l'Intendance",
    postalCode: "33000",
    city: "Bordeaux",
    siren: SIREN,
    siret: `${SIREN}00017`,
    vatNumber: VAT_NUMBER,
    mandate: "on",
    ...values,
  });
  const result = await saveInvoicingProfile(lawyer, input);
  if (!result.ok) throw new Error(`profil de facturation refusé : ${JSON.stringify(result)}`);
}

/**
 * A case assigned to `lawyerId` with an ACTIVE agreement inserted directly (the signing journey itself is covered by
 * fee-agreements.test.ts), and optionally sums recovered in its ledger.
 */
export async function caseWithActiveAgreement(
  clientId: string,
  lawyerId: string,
  terms: { baseFeeCents?: number; resultPercentBp?: number; recoveredCents?: number[] } = {},
): Promise<{ caseId: string; caseNumber: string; agreementId: string }> {
  const created = await insertSubmittedCase(clientId);
  await db().updateTable("cases").set({ assigned_lawyer_id: lawyerId, assigned_at: new Date(), status: "in_progress" }).where("id", "=", created.id).execute();
  const template = await currentTemplate();
  const agreement = await db()
    .insertInto("fee_agreements")
    .values({
      case_id: created.id,
      revision: 1,
      template_id: template.id,
      lawyer_id: lawyerId,
      client_id: clientId,
      state: "active",
      base_fee_cents: terms.baseFeeCents ?? 50_000,
      base_fee_due: "signature",
      result_percent_bp: terms.resultPercentBp ?? 1500,
      vat_rate_bp: 2000,
      document_sha256: "a".repeat(64),
      proposed_at: new Date(),
      client_signed_at: new Date(),
      lawyer_signed_at: new Date(),
      activated_at: new Date(),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  for (const amount of terms.recoveredCents ?? []) {
    await db()
      .insertInto("case_recoveries")
      .values({ case_id: created.id, agreement_id: agreement.id, recovered_on: "2026-01-15", amount_cents: amount, source: "rappel-de-fonds", recorded_by: lawyerId })
      .execute();
  }
  return { caseId: created.id, caseNumber: created.caseNumber, agreementId: agreement.id };
}


let rawSequence = 0;

/**
 * An invoice (or, with `credits`, a credit note cancelling that one) inserted directly at an instant, for the lists
 * and totals (issuing is tested through the use cases in invoices.test.ts). Buyer "Client Test", issuer "issuer-test".
 */
export async function insertRawInvoice(issuedAt: Date, htCents: number, credits?: string, buyerName = "Client Test"): Promise<string> {
  rawSequence += 1;
  const ht = credits ? -htCents : htCents;
  const vat = Math.round(ht * 0.2);
  const row = await sql<{ id: string }>`
    INSERT INTO invoices (kind, issuer_id, sequence, number, case_id, case_number, agreement_id, buyer_id, credited_invoice_id, issued_at,
                          service_date, due_date, seller, buyer, lines, vat_rate_bp, total_ht_cents, vat_cents, total_ttc_cents)
    VALUES (${credits ? "credit-note" : "invoice"}, 'issuer-test', ${rawSequence}, ${`${credits ? "A" : "F"}-T-${String(rawSequence).padStart(6, "0")}`},
            ${randomUUID()}, 'RC-TEST', ${randomUUID()}, 'buyer-test', ${credits ?? null}, ${issuedAt}, ${parisIsoDay(issuedAt)}::date,
            ${parisIsoDay(issuedAt)}::date, '{"lawyerName": "Maître Test", "firmName": "Cabinet Test"}'::jsonb, ${JSON.stringify({ name: buyerName })}::jsonb,
            '[{"kind": "fixed"}]'::jsonb, 2000, ${ht}, ${vat}, ${ht + vat})
    RETURNING id`.execute(db());
  return row.rows[0]!.id;
}
