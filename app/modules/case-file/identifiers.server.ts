import type { Actor } from "~/platform/actor";
import type { IdentifierKind } from "~/platform/database-schema";
import { db } from "~/platform/runtime.server";
import { caseAccess } from "~/modules/cases/case-access.server";
import { IDENTIFIER_KINDS } from "./case-file-format";

/** A scammer identifier of the case. IBANs and wallets of the payments are included (fromPayment), once each. */
export interface IdentifierRow {
  /** For a payment's IBAN or wallet: the identifier row of its first payment. */
  id: string;
  kind: IdentifierKind;
  /** As typed (IBAN: electronic format, show with identifierText). */
  value: string;
  /** The matching key (E.164 phone, lower-case email, bare domain…). */
  normalized: string;
  fromPayment: boolean;
  note: string | null;
  createdAt: string;
}

/** The case's identifiers, by kind (names, phones, emails, websites, social profiles, IBANs, wallets), then date. */
export async function listIdentifiers(actor: Actor, caseId: string): Promise<IdentifierRow[]> {
  const access = await caseAccess(actor, caseId);
  return readIdentifiers(access.caseId);
}

/** No access check: callers have made one. */
export async function readIdentifiers(caseId: string): Promise<IdentifierRow[]> {
  const rows = await db()
    .selectFrom("case_identifiers")
    .select(["id", "kind", "value", "normalized", "payment_id", "note", "created_at"])
    .where("case_id", "=", caseId)
    .orderBy("created_at")
    .orderBy("id")
    .execute();
  const seen = new Set<string>();
  const identifiers: IdentifierRow[] = [];
  for (const row of rows) {
    const key = `${row.kind}:${row.normalized}`;
    if (seen.has(key)) continue;
    seen.add(key);
    identifiers.push({
      id: row.id,
      kind: row.kind,
      value: row.value,
      normalized: row.normalized,
      fromPayment: row.payment_id !== null,
      note: row.note,
      createdAt: row.created_at.toISOString(),
    });
  }
  return identifiers.sort((a, b) => IDENTIFIER_KINDS.indexOf(a.kind) - IDENTIFIER_KINDS.indexOf(b.kind));
}
