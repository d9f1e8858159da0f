import { PassThrough, type Readable } from "node:stream";
import { sql, type Kysely } from "kysely";
import { ZipFile } from "yazl";
import { AGREEMENT_COLUMNS } from "~/modules/agreements/agreements.server";
import { PERSONAL_DATA_READ_ACTIONS } from "~/modules/audit/audit.schema";
import { servedFileName } from "~/modules/files/file-names";
import type { FileStorage, StoredFile } from "~/modules/files/files.server";
import { openProfileFields } from "~/modules/profile/sensitive-fields.server";
import { smsNoticesExport } from "~/modules/notifications/sms-preferences.server";
import type { Database } from "~/platform/database-schema";
import { runtime } from "~/platform/runtime.server";

/** One file of the export: where it goes in the ZIP and the stored file it comes from. */
export interface ExportedFile {
  path: string;
  file: StoredFile;
}

export interface ExportContents {
  data: Record<string, unknown>;
  files: ExportedFile[];
}

const UNSAFE_NAME = /[\\/:*?"<>|\u0000-\u001f]/g;

function zipName(index: number, name: string): string {
  const clean = name.replace(UNSAFE_NAME, "_").replace(/^\.+/, "_").slice(0, 120) || "fichier";
  return `${String(index).padStart(3, "0")}-${clean}`;
}

const iso = (value: Date | null | undefined) => (value ? value.toISOString() : null);

/**
 * Everything Recours holds about one person, as JSON, and the files they uploaded and their fee agreements' PDFs
 * (decrypted when zipped).
 */
export async function collectExportContents(database: Kysely<Database>, userId: string, now = new Date()): Promise<ExportContents> {
  const user = await database.selectFrom("user").select(["id", "email", "emailVerified", "createdAt"]).where("id", "=", userId).executeTakeFirstOrThrow();
  const profile = await database.selectFrom("profiles").selectAll().where("id", "=", userId).executeTakeFirstOrThrow();
  const sensitive = openProfileFields(runtime().keyring, profile);
  const files: ExportedFile[] = [];
  const storedFiles = async (ids: string[]) =>
    ids.length === 0
      ? new Map<string, StoredFile>()
      : new Map(
          (
            await database
              .selectFrom("stored_files")
              .selectAll()
              .where("id", "in", ids)
              .where("owner_id", "=", userId)
              .where("deletion_requested_at", "is", null)
              .execute()
          ).map((file) => [file.id, file]),
        );
  const addFile = (folder: string, file: StoredFile | undefined): string | null => {
    // A photo still being converted, or whose conversion failed (its object deleted), has nothing to export yet.
    if (!file || file.status !== "ready") return null;
    const path = `fichiers/${folder}/${zipName(files.length + 1, servedFileName(file.original_name, file.media_type))}`;
    files.push({ path, file });
    return path;
  };

  const [verification, documents, cases, emails, sessions, reads, smsNotices] = await Promise.all([
    database.selectFrom("identity_verification_status").selectAll().where("user_id", "=", userId).executeTakeFirst(),
    database.selectFrom("identity_verification_documents").selectAll().where("user_id", "=", userId).orderBy("uploaded_at").orderBy("id").execute(),
    database.selectFrom("cases").selectAll().where("user_id", "=", userId).orderBy("created_at").orderBy("id").execute(),
    database
      .selectFrom("email_logs")
      .select(["sent_at", "subject", "body", "status", "body_deleted_at"])
      .where(sql<string>`lower(recipient_email)`, "=", user.email.toLowerCase())
      .orderBy("sent_at")
      .execute(),
    database.selectFrom("session").select(["createdAt", "updatedAt", "expiresAt", "ipAddress", "userAgent"]).where("userId", "=", userId).orderBy("createdAt").execute(),
    database
      .selectFrom("staff_audit_log as l")
      .leftJoin("profiles as p", "p.id", "l.actor_id")
      .select(["l.created_at", "l.action", "l.target_type", "l.target_id", "p.first_name", "p.last_name", "p.role"])
      .where(sql<string>`l.after ->> 'subjectUserId'`, "=", userId)
      .where("l.action", "in", [...PERSONAL_DATA_READ_ACTIONS])
      .orderBy("l.created_at")
      .orderBy("l.id")
      .execute(),
    smsNoticesExport(database, userId),
  ]);

  const identityFiles = await storedFiles(documents.flatMap((d) => (d.stored_file_id ? [d.stored_file_id] : [])));
  const identityDocuments = documents.map((d) => ({
    id: d.id,
    step: d.step_number,
    document_type: d.document_type,
    side: d.document_side,
    proof_type: d.proof_type,
    file_name: d.file_name,
    status: d.status,
    obsolete: d.obsolete,
    rejection_reason: d.rejection_reason,
    uploaded_at: iso(d.uploaded_at),
    reviewed_at: iso(d.reviewed_at),
    file_deleted_at: iso(d.file_deleted_at),
    file_in_export: d.stored_file_id ? addFile("identite", identityFiles.get(d.stored_file_id)) : null,
  }));

  const caseIds = cases.map((c) => c.id);
  const [history, payments, identifiers, evidence, messages, recoveries, costs, feePayments, documentRequests] = caseIds.length
    ? await Promise.all([
        database.selectFrom("case_status_history").selectAll().where("case_id", "in", caseIds).orderBy("created_at").orderBy("id").execute(),
        database.selectFrom("case_payments").selectAll().where("case_id", "in", caseIds).orderBy("paid_on").orderBy("created_at").execute(),
        database.selectFrom("case_identifiers").selectAll().where("case_id", "in", caseIds).orderBy("created_at").execute(),
        database.selectFrom("case_evidence").selectAll().where("case_id", "in", caseIds).orderBy("created_at").orderBy("id").execute(),
        database
          .selectFrom("case_chat_messages as m")
          .leftJoin("profiles as s", "s.id", "m.sender_id")
          .select(["m.case_id", "m.sender_id", "m.message", "m.file_name", "m.file_id", "m.created_at", "m.read_at", "s.first_name", "s.last_name", "s.role"])
          .where("m.case_id", "in", caseIds)
          .orderBy("m.case_id")
          .orderBy("m.seq")
          .execute(),
        // Issue 31: the sums recovered, the costs proposed and the sums paid to the lawyer (no proof file: the lawyer's).
        database.selectFrom("case_recoveries").selectAll().where("case_id", "in", caseIds).orderBy("created_at").orderBy("id").execute(),
        database.selectFrom("case_costs").selectAll().where("case_id", "in", caseIds).orderBy("proposed_at").orderBy("id").execute(),
        database.selectFrom("case_fee_payments").selectAll().where("case_id", "in", caseIds).orderBy("created_at").orderBy("id").execute(),
        // Issue 32: the documents the lawyer asked for, and the client's answers.
        database.selectFrom("case_document_requests").selectAll().where("case_id", "in", caseIds).orderBy("requested_at").orderBy("id").execute(),
      ])
    : [[], [], [], [], [], [], [], [], []];
  const agreements = caseIds.length
    ? await database
        .selectFrom("fee_agreements as a")
        .innerJoin("fee_agreement_templates as t", "t.id", "a.template_id")
        .select([...AGREEMENT_COLUMNS, "a.case_id", "a.withdrawal_channel"])
        .where("a.case_id", "in", caseIds)
        .orderBy("a.case_id")
        .orderBy("a.revision")
        .execute()
    : [];
  const agreementIds = agreements.map((a) => a.id);
  // Of the evidence, only the person's own signature: the lawyer's (address, browser) is not theirs to receive.
  const [agreementDocuments, ownSignatures] = agreementIds.length
    ? await Promise.all([
        database.selectFrom("fee_agreement_documents").select(["agreement_id", "kind", "file_id", "sha256", "created_at"]).where("agreement_id", "in", agreementIds).orderBy("id").execute(),
        database
          .selectFrom("fee_agreement_signatures")
          .select(["agreement_id", "full_name", "email", "ip_address", "user_agent", "method", "document_sha256", "consented_at", "signed_at", "early_start_requested"])
          .where("agreement_id", "in", agreementIds)
          .where("role", "=", "client")
          .where("signer_id", "=", userId)
          .execute(),
      ])
    : [[], []];
  const agreementFiles = await storedFiles(agreementDocuments.map((d) => d.file_id));
  // Issue 32: each submitted case's filing receipt, with its PDF.
  const receipts = caseIds.length ? await database.selectFrom("case_filing_receipts").selectAll().where("case_id", "in", caseIds).execute() : [];
  const receiptFiles = await storedFiles(receipts.map((r) => r.file_id));
  const receiptOf = (caseId: string, folder: string) => {
    const receipt = receipts.find((r) => r.case_id === caseId);
    return receipt ? { sha256: receipt.sha256, generated_at: iso(receipt.generated_at), file_in_export: addFile(folder, receiptFiles.get(receipt.file_id)) } : null;
  };
  const evidenceFiles = await storedFiles(evidence.filter((e) => e.uploaded_by === userId).map((e) => e.stored_file_id));
  const chatFiles = await storedFiles(messages.flatMap((m) => (m.sender_id === userId && m.file_id ? [m.file_id] : [])));
  const senderName = (m: (typeof messages)[number]) =>
    m.sender_id === userId ? "vous" : m.first_name ? `${m.role === "lawyer" ? "Maître " : ""}${m.first_name} ${m.last_name ?? ""}`.trim() : "Recours";

  const exportedCases = cases.map((c) => {
    const { draft_data: draftData, total_amount_lost: totalLost, ...facts } = c;
    const folder = `dossiers/${c.case_number}`;
    return {
      ...facts,
      total_amount_lost: totalLost,
      draft_data: draftData ?? null,
      assigned_at: iso(c.assigned_at),
      submitted_at: iso(c.submitted_at),
      opened_at: iso(c.opened_at),
      created_at: iso(c.created_at),
      updated_at: iso(c.updated_at),
      status_history: history
        .filter((h) => h.case_id === c.id)
        .map((h) => ({ from_status: h.from_status, to_status: h.to_status, note: h.note, automatic: h.system_reason !== null, at: iso(h.created_at) })),
      payments: payments
        .filter((p) => p.case_id === c.id)
        .map((p) => ({ ...p, created_at: iso(p.created_at), updated_at: iso(p.updated_at) })),
      filing_receipt: receiptOf(c.id, folder),
      identifiers: identifiers.filter((i) => i.case_id === c.id).map((i) => ({ kind: i.kind, value: i.value, note: i.note, payment_id: i.payment_id, created_at: iso(i.created_at) })),
      evidence: evidence
        .filter((e) => e.case_id === c.id)
        .map((e) => ({
          id: e.id,
          category: e.category,
          description: e.description,
          original_sha256: Buffer.from(e.original_sha256).toString("hex"),
          added_by_you: e.uploaded_by === userId,
          added_at: iso(e.created_at),
          file_in_export: e.uploaded_by === userId ? addFile(`${folder}/preuves`, evidenceFiles.get(e.stored_file_id)) : null,
        })),
      fee_agreements: agreements
        .filter((a) => a.case_id === c.id)
        .map((a) => {
          const signature = ownSignatures.find((row) => row.agreement_id === a.id);
          return {
            revision: a.revision,
            state: a.state,
            template: { title: a.template_title, version: a.template_version },
            base_fee_cents_ht: a.base_fee_cents,
            base_fee_due: a.base_fee_due,
            result_percent_ht: a.result_percent_bp / 100,
            vat_rate_percent: a.vat_rate_bp / 100,
            foreseen_costs: a.foreseen_costs,
            document_sha256: a.document_sha256,
            early_start_requested: a.early_start_requested,
            proposed_at: iso(a.proposed_at),
            signed_by_you_at: iso(a.client_signed_at),
            countersigned_at: iso(a.lawyer_signed_at),
            in_force_at: iso(a.activated_at),
            withdrawn_at: iso(a.withdrawn_at),
            withdrawal_channel: a.withdrawal_channel,
            your_signature: signature
              ? {
                  full_name: signature.full_name,
                  email: signature.email,
                  ip_address: signature.ip_address,
                  user_agent: signature.user_agent,
                  method: signature.method,
                  document_sha256: signature.document_sha256,
                  early_start_requested: signature.early_start_requested,
                  consented_at: iso(signature.consented_at),
                  signed_at: iso(signature.signed_at),
                }
              : null,
            documents: agreementDocuments
              .filter((d) => d.agreement_id === a.id)
              .map((d) => ({
                kind: d.kind,
                sha256: d.sha256,
                recorded_at: iso(d.created_at),
                file_in_export: addFile(`${folder}/convention`, agreementFiles.get(d.file_id)),
              })),
          };
        }),
      sums_recovered: recoveries
        .filter((r) => r.case_id === c.id)
        .map((r) => ({ id: r.id, recovered_on: r.recovered_on, amount_cents: Number(r.amount_cents), source: r.source, note: r.note, reverses: r.reverses_id, reason: r.reason, recorded_at: iso(r.created_at) })),
      costs_and_disbursements: costs
        .filter((k) => k.case_id === c.id)
        .map((k) => ({
          label: k.label,
          incurred_on: k.incurred_on,
          amount_ht_cents: Number(k.amount_ht_cents),
          note: k.note,
          proposed_at: iso(k.proposed_at),
          decision: k.decision,
          decided_by_you: k.decided_by === userId,
          decided_at: iso(k.decided_at),
        })),
      paid_to_your_lawyer: feePayments
        .filter((f) => f.case_id === c.id)
        .map((f) => ({ id: f.id, received_on: f.received_on, amount_ttc_cents: Number(f.amount_cents), label: f.label, note: f.note, reverses: f.reverses_id, reason: f.reason, recorded_at: iso(f.created_at) })),
      documents_requested: documentRequests
        .filter((r) => r.case_id === c.id)
        .map((r) => ({ document: r.label, note: r.note, due_on: r.due_on, state: r.status, your_reason: r.unavailable_reason, requested_at: iso(r.requested_at), state_since: iso(r.status_changed_at) })),
      messages: messages
        .filter((m) => m.case_id === c.id)
        .map((m) => ({
          from: senderName(m),
          text: m.message,
          file_name: m.file_name,
          file_in_export: m.sender_id === userId && m.file_id ? addFile(`${folder}/messagerie`, chatFiles.get(m.file_id)) : null,
          sent_at: iso(m.created_at),
          read_at: iso(m.read_at),
        })),
    };
  });

  // Invoices and credit notes addressed to the person (kept 10 years, even after the case's purge).
  const invoices = await database
    .selectFrom("invoices as i")
    .leftJoin("invoice_documents as d", "d.invoice_id", "i.id")
    .leftJoin("invoices as c", "c.id", "i.credited_invoice_id")
    .select(["i.kind", "i.number", "i.case_number", "i.issued_at", "i.service_date", "i.due_date", "i.seller", "i.buyer", "i.lines", "i.vat_rate_bp", "i.total_ht_cents", "i.vat_cents", "i.total_ttc_cents", "c.number as credited_number", "d.file_id", "d.sha256"])
    .where("i.buyer_id", "=", userId)
    .orderBy("i.issued_at")
    .orderBy("i.number")
    .execute();
  const invoiceFiles = await storedFiles(invoices.flatMap((row) => (row.file_id ? [row.file_id] : [])));
  const exportedInvoices = invoices.map((row) => ({
    kind: row.kind === "invoice" ? "facture" : "avoir",
    number: row.number,
    cancels: row.credited_number,
    case_number: row.case_number,
    issued_at: iso(row.issued_at),
    service_date: row.service_date,
    due_date: row.due_date,
    seller: row.seller,
    buyer: row.buyer,
    lines: row.lines,
    vat_rate_percent: row.vat_rate_bp / 100,
    total_ht_cents: Number(row.total_ht_cents),
    vat_cents: Number(row.vat_cents),
    total_ttc_cents: Number(row.total_ttc_cents),
    sha256: row.sha256,
    file_in_export: row.file_id ? addFile("factures", invoiceFiles.get(row.file_id)) : null,
  }));

  const data = {
    format: "recours-export-donnees/1",
    generated_at: now.toISOString(),
    account: { id: user.id, email: user.email, email_verified: user.emailVerified, created_at: iso(new Date(user.createdAt)) },
    profile: {
      email: profile.email,
      first_name: profile.first_name,
      last_name: profile.last_name,
      role: profile.role,
      birth_date: sensitive.birthDate,
      nif: sensitive.nif,
      phone_mobile: profile.phone_mobile,
      phone_fixed: profile.phone_fixed,
      address: profile.address,
      postal_code: profile.postal_code,
      city: profile.city,
      department: profile.department,
      country: profile.country,
      profile_completed: profile.profile_completed,
      identity_verified: profile.identity_verified,
      privacy_policy_accepted_at: iso(profile.privacy_policy_accepted_at),
      terms_accepted_at: iso(profile.terms_accepted_at),
      created_at: iso(profile.created_at),
      updated_at: iso(profile.updated_at),
    },
    identity_verification: {
      status: verification ? { current_step: verification.current_step, overall_status: verification.overall_status, completed_at: iso(verification.completed_at) } : null,
      documents: identityDocuments,
    },
    cases: exportedCases,
    invoices: exportedInvoices,
    sms_notices: smsNotices,
    emails_sent_to_you: emails.map((e) => ({ sent_at: iso(e.sent_at), subject: e.subject, body: e.body_deleted_at ? null : e.body, status: e.status, body_erased_at: iso(e.body_deleted_at) })),
    sessions: sessions.map((s) => ({ signed_in_at: iso(new Date(s.createdAt)), last_active_at: iso(new Date(s.updatedAt)), expires_at: iso(new Date(s.expiresAt)), ip_address: s.ipAddress, user_agent: s.userAgent })),
    staff_reads_of_your_data: reads.map((r) => ({
      at: iso(r.created_at),
      by: r.first_name ? `${r.first_name} ${r.last_name ?? ""}`.trim() : null,
      role: r.role === "lawyer" ? "Avocat" : r.role === "admin" ? "Administrateur" : null,
      action: r.action,
      target: `${r.target_type}:${r.target_id}`,
    })),
  };
  return { data, files };
}

const README = `Vos données chez Recours
========================

Ce fichier ZIP contient tout ce que Recours conserve à votre sujet (RGPD, articles 15 et 20)\u202f:

- donnees.json\u202f: votre compte et votre profil (dont votre date de naissance et votre NIF, déchiffrés), votre
  vérification d'identité, vos dossiers avec leur historique de statuts, leurs paiements, les identifiants de
  l'escroc, les preuves, les conventions d'honoraires (montants, dates, empreintes SHA-256 et votre signature), les
  sommes récupérées, les frais proposés et votre réponse, les sommes payées à votre avocat et les
  messages échangés avec votre avocat, vos factures et avoirs, les e-mails que nous vous avons envoyés, votre choix des avis par SMS et les SMS envoyés, vos sessions de connexion et la liste
  des consultations de vos données par l'équipe Recours.
- fichiers/\u202f: les fichiers que vous nous avez envoyés, déchiffrés\u202f: pièces d'identité et justificatifs encore
  conservés, preuves de vos dossiers, pièces jointes de vos messages\u202f; et les PDF de vos conventions d'honoraires
  (proposition et convention scellée) et de vos factures, à l'octet près. Le champ "file_in_export" de donnees.json indique où se
  trouve chacun.

Ce fichier contient vos documents d'identité\u202f: conservez-le dans un endroit sûr et ne le partagez pas.
`;

/**
 * The ZIP as a stream: the JSON and the read-me first, then each file opened only when the archive reaches it
 * (decrypted through the storage gateway, one at a time), stored without recompression.
 */
export function zipExport(contents: ExportContents, storage: FileStorage, now = new Date()): Readable {
  const zip = new ZipFile();
  const output = new PassThrough();
  zip.on("error", (error: Error) => output.destroy(error));
  zip.outputStream.on("error", (error: Error) => output.destroy(error));
  zip.outputStream.pipe(output);
  zip.addBuffer(Buffer.from(README, "utf8"), "LISEZ-MOI.txt", { mtime: now });
  zip.addBuffer(Buffer.from(JSON.stringify(contents.data, null, 2), "utf8"), "donnees.json", { mtime: now });
  for (const { path, file } of contents.files) {
    zip.addReadStreamLazy(path, { mtime: file.created_at, compress: false, size: Number(file.size_bytes) }, (callback) => {
      storage.openObject(file).then(
        (stream) => {
          stream.on("error", (error) => output.destroy(error));
          callback(null, stream);
        },
        (error: unknown) => callback(error, undefined as unknown as NodeJS.ReadableStream),
      );
    });
  }
  zip.end();
  return output;
}
