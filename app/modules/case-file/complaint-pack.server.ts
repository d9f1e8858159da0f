import { recordStaffAction } from "~/modules/audit/audit.server";
import { caseAccess, type CaseAccess } from "~/modules/cases/case-access.server";
import { CASE_FACT_COLUMNS } from "~/modules/cases/cases.server";
import { caseWithPeople, LAWYER_NAME_COLUMNS } from "~/modules/cases/case-with-people.server";
import type { Actor } from "~/platform/actor";
import { openProfileFields } from "~/modules/profile/sensitive-fields.server";
import { db, runtime } from "~/platform/runtime.server";
import { renderBankLetter, bankLetterBanks } from "./bank-letter-pdf.server";
import { renderComplaintPack, type PackData, type PackIdentifier, type PackPayment } from "./complaint-pack-pdf.server";
import { EVIDENCE_CLOSED_STATUSES, type EvidencePanelView } from "./evidence.schema";
import { evidenceOf, sharedEvidence } from "./evidence.server";
import { documentRequestsOf } from "./document-requests.server";
import { readIdentifiers } from "./identifiers.server";
import { readPayments, sharedPayments } from "./payments.server";

export interface GeneratedPdf {
  fileName: string;
  pdf: Buffer;
}

/** The payments and identifiers of a case already checked (the payments module's readers). */
async function paymentsAndIdentifiers(caseId: string): Promise<{ payments: PackPayment[]; identifiers: PackIdentifier[] }> {
  const [payments, identifiers] = await Promise.all([readPayments(caseId), readIdentifiers(caseId)]);
  return { payments, identifiers };
}

async function packData(found: CaseAccess, now: Date): Promise<PackData> {
  const database = db();
  const row = await caseWithPeople(database)
    .select([
      ...CASE_FACT_COLUMNS,
      "o.first_name",
      "o.last_name",
      "o.id as owner_id",
      "o.fields_key_id",
      "o.fields_wrapped_key",
      "o.birth_date_sealed",
      "o.nif_sealed",
      "o.email",
      "o.phone_mobile",
      "o.address",
      "o.postal_code",
      "o.city",
      "o.country",
      ...LAWYER_NAME_COLUMNS,
    ])
    .where("c.id", "=", found.caseId)
    .executeTakeFirstOrThrow();
  const [{ payments, identifiers }, evidence, documentRequests] = await Promise.all([
    paymentsAndIdentifiers(found.caseId),
    evidenceOf(database, found.caseId),
    documentRequestsOf(database, found.caseId, now),
  ]);
  return {
    caseNumber: found.caseNumber,
    generatedAt: now,
    victim: {
      firstName: row.first_name,
      lastName: row.last_name,
      // Sealed in the database (decision 0043): opened here, for the pack only.
      birthDate: openProfileFields(runtime().keyring, { ...row, id: row.owner_id }, ["birth_date"]).birthDate,
      email: row.email,
      phone: row.phone_mobile,
      address: row.address,
      postalCode: row.postal_code,
      city: row.city,
      country: row.country,
    },
    lawyer: row.lawyer_first_name && row.lawyer_last_name ? { firstName: row.lawyer_first_name, lastName: row.lawyer_last_name, barName: row.lawyer_bar_name } : null,
    facts: {
      scamType: row.scam_type,
      contactMethod: row.contact_method,
      contactMethodDetails: row.contact_method_details,
      firstContactDate: row.first_contact_date,
      contactedBank: row.contacted_bank,
      bankContactDetails: row.bank_contact_details,
      filedComplaint: row.filed_complaint,
      complaintStatus: row.complaint_status,
      complaintReference: row.complaint_reference,
      description: row.detailed_description,
      declaredAmount: row.total_amount_lost,
    },
    payments,
    identifiers,
    evidence,
    documentRequests,
  };
}

async function journal(found: CaseAccess, document: string): Promise<void> {
  // The pack holds the client's identity and story: staff generating it goes to the journal, like a document view.
  if (found.viewer === "owner") return;
  await recordStaffAction(db(), found.actor, {
    action: "case.pack-generated",
    targetType: "case",
    targetId: found.caseId,
    after: { caseNumber: found.caseNumber, document, subjectUserId: found.ownerId },
  });
}

/** The complaint pack of a case (client, assigned lawyer, admin; anyone else 404), generated now. */
export async function complaintPackFor(actor: Actor, caseId: string, now = new Date()): Promise<GeneratedPdf> {
  const found = await caseAccess(actor, caseId);
  const pdf = await renderComplaintPack(await packData(found, now));
  await journal(found, "complaint-pack");
  return { fileName: `dossier-plainte-${found.caseNumber}.pdf`, pdf };
}

/**
 * The contestation letter to the client's bank for the payments it executed (card and transfer payments whose
 * 'banque débitée' is `bank`; without `bank`, the first bank named, or every such payment when none is named).
 */
export async function bankLetterFor(actor: Actor, caseId: string, bank: string | null, now = new Date()): Promise<GeneratedPdf> {
  const found = await caseAccess(actor, caseId);
  const data = await packData(found, now);
  const banks = bankLetterBanks(data.payments);
  const chosen = bank !== null && banks.includes(bank) ? bank : (banks[0] ?? null);
  const pdf = await renderBankLetter(data, chosen);
  await journal(found, "bank-letter");
  return { fileName: `lettre-banque-${found.caseNumber}.pdf`, pdf };
}

/** The case page's evidence panel and documents: the files, whether the actor may add some, the banks to write to. */
export async function evidencePanelFor(actor: Actor, caseId: string): Promise<EvidencePanelView> {
  const found = await caseAccess(actor, caseId);
  const [items, payments] = await Promise.all([sharedEvidence(found), sharedPayments(found)]);
  const closed = (EVIDENCE_CLOSED_STATUSES as readonly string[]).includes(found.status);
  return { caseId: found.caseId, items, canUpload: found.viewer === "owner" && !closed, closed, banks: bankLetterBanks(payments) };
}
